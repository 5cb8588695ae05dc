import type { ChatModel } from 'nestjs-tool-calling';
import {
  ChatModelAuthenticationError,
  ChatModelBadRequestError,
  ChatModelNotFoundError,
  ChatModelPermissionError,
  ChatModelRateLimitError,
  ChatModelServerError,
} from 'nestjs-tool-calling';
import { ANTHROPIC_TEST_KEY, AZURE_TEST_KEY, GEMINI_TEST_KEY, OPENAI_TEST_KEY } from './chat-test.helpers';
import type { modelsUnderTest } from './models-under-test';
import type { FixtureProvider, ProviderTestServer, ScriptedReply } from './provider-test.server';

type Models = ReturnType<typeof modelsUnderTest>;

/** An error status, the fixture folder and file of its body, and the typed error it must become. */
export type StatusCase = readonly [
  status: number,
  folder: FixtureProvider,
  file: string,
  type: abstract new (...args: any[]) => Error,
];

/** One adapter as the contract suite drives it: its real SDK against the loopback server in its wire format. */
export interface AdapterContract {
  readonly label: string;
  /** The fixture folder of its wire format (text.json, text.sse, cut.sse). */
  readonly wire: FixtureProvider;
  readonly provider: string;
  readonly apiKey: string;
  /** How errors name the endpoint and model. */
  readonly where: (server: ProviderTestServer) => string;
  /** Where its key is set, as the authentication error says. */
  readonly keySource: string;
  /** The model answering `replies`, no SDK retries unless `settings` say so. */
  readonly build: (
    models: Models,
    replies: ScriptedReply[],
    settings?: { maxRetries?: number; timeoutMs?: number },
  ) => Promise<ChatModel>;
  /** `createChatModel` settings for the server (for a plain Node process). */
  readonly settings: (server: ProviderTestServer) => Record<string, unknown>;
  readonly statuses: readonly StatusCase[];
  /** The error type its error bodies carry. */
  readonly errorType: (body: any) => unknown;
  /** The response header its SDK reads the request id from, if any. */
  readonly requestIdHeader?: string;
}

const openAiErrorType = (body: any): unknown => body.error.type ?? undefined;

const openAiStatuses = (folder: FixtureProvider = 'openai'): StatusCase[] => [
  [400, folder, 'error-400.json', ChatModelBadRequestError],
  [401, folder, 'error-401.json', ChatModelAuthenticationError],
  [403, folder, 'error-403.json', ChatModelPermissionError],
  [404, folder, 'error-404.json', ChatModelNotFoundError],
  [429, folder, 'error-429.json', ChatModelRateLimitError],
  [500, folder, 'error-500.json', ChatModelServerError],
];

/** The five adapters: OpenAI Chat Completions, OpenAI Responses, Azure OpenAI, Anthropic, Gemini. */
export const ADAPTER_CONTRACTS: readonly AdapterContract[] = [
  {
    label: 'OpenAiChatModel',
    wire: 'openai',
    provider: 'openai',
    apiKey: OPENAI_TEST_KEY,
    where: (server) => `OpenAI-compatible endpoint at ${server.url('/v1')}, model "gpt-4o-mini"`,
    keySource: 'the apiKey setting or OPENAI_API_KEY',
    build: (models, replies, settings) => models.openAi(replies, settings),
    settings: (server) => ({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: OPENAI_TEST_KEY,
      baseURL: server.url('/v1'),
    }),
    statuses: openAiStatuses(),
    errorType: openAiErrorType,
    requestIdHeader: 'x-request-id',
  },
  {
    label: 'OpenAiResponsesChatModel',
    wire: 'openai-responses',
    provider: 'openai-responses',
    apiKey: OPENAI_TEST_KEY,
    where: (server) => `OpenAI Responses API at ${server.url('/v1')}, model "gpt-4.1-mini"`,
    keySource: 'the apiKey setting or OPENAI_API_KEY',
    build: (models, replies, settings) => models.openAiResponses(replies, settings),
    settings: (server) => ({
      provider: 'openai-responses',
      model: 'gpt-4.1-mini',
      apiKey: OPENAI_TEST_KEY,
      baseURL: server.url('/v1'),
    }),
    statuses: openAiStatuses(),
    errorType: openAiErrorType,
    requestIdHeader: 'x-request-id',
  },
  {
    label: 'AzureOpenAiChatModel',
    wire: 'openai',
    provider: 'azure-openai',
    apiKey: AZURE_TEST_KEY,
    where: (server) => `Azure OpenAI at ${server.url('/openai')}, model "weather-gpt"`,
    keySource: 'the apiKey setting or AZURE_OPENAI_API_KEY',
    build: (models, replies, settings) => models.azure(replies, settings),
    settings: (server) => ({
      provider: 'azure-openai',
      model: 'weather-gpt',
      endpoint: server.url(),
      apiVersion: '2025-04-01-preview',
      apiKey: AZURE_TEST_KEY,
    }),
    statuses: [
      [400, 'azure-openai', 'error-400-content-filter.json', ChatModelBadRequestError],
      [401, 'azure-openai', 'error-401.json', ChatModelAuthenticationError],
      [403, 'openai', 'error-403.json', ChatModelPermissionError],
      [404, 'azure-openai', 'error-404.json', ChatModelNotFoundError],
      [429, 'azure-openai', 'error-429.json', ChatModelRateLimitError],
      [500, 'openai', 'error-500.json', ChatModelServerError],
    ],
    errorType: openAiErrorType,
    requestIdHeader: 'x-request-id',
  },
  {
    label: 'AnthropicChatModel',
    wire: 'anthropic',
    provider: 'anthropic',
    apiKey: ANTHROPIC_TEST_KEY,
    where: (server) => `Anthropic at ${server.url()}, model "claude-sonnet-5-5"`,
    keySource: 'the apiKey setting or ANTHROPIC_API_KEY',
    build: (models, replies, settings) => models.anthropic(replies, settings),
    settings: (server) => ({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.url(),
    }),
    statuses: [
      [400, 'anthropic', 'error-400.json', ChatModelBadRequestError],
      [401, 'anthropic', 'error-401.json', ChatModelAuthenticationError],
      [403, 'anthropic', 'error-403.json', ChatModelPermissionError],
      [404, 'anthropic', 'error-404.json', ChatModelNotFoundError],
      [429, 'anthropic', 'error-429.json', ChatModelRateLimitError],
      [529, 'anthropic', 'error-529.json', ChatModelServerError],
    ],
    errorType: (body) => body.error.type,
    requestIdHeader: 'request-id',
  },
  {
    label: 'GeminiChatModel',
    wire: 'gemini',
    provider: 'gemini',
    apiKey: GEMINI_TEST_KEY,
    where: (server) => `Google Gemini at ${server.url()}, model "gemini-2.5-flash"`,
    keySource: 'the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY',
    build: (models, replies, settings) => models.gemini(replies, settings),
    settings: (server) => ({
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      apiKey: GEMINI_TEST_KEY,
      baseURL: server.url(),
    }),
    statuses: [
      [400, 'gemini', 'error-400.json', ChatModelBadRequestError],
      [401, 'gemini', 'error-401.json', ChatModelAuthenticationError],
      [403, 'gemini', 'error-403.json', ChatModelPermissionError],
      [404, 'gemini', 'error-404.json', ChatModelNotFoundError],
      [429, 'gemini', 'error-429.json', ChatModelRateLimitError],
      [500, 'gemini', 'error-500.json', ChatModelServerError],
      [503, 'gemini', 'error-503.json', ChatModelServerError],
    ],
    errorType: (body) => body.error.status,
  },
];

const PHRASES: Readonly<Record<string, (status: number) => string>> = {
  ChatModelBadRequestError: (status) => `refused the request as invalid (${status} bad request)`,
  ChatModelAuthenticationError: (status) => `refused the API key (${status} unauthorized)`,
  ChatModelPermissionError: (status) =>
    `does not allow this API key to use the model or endpoint (${status} forbidden)`,
  ChatModelNotFoundError: (status) => `found no such model or endpoint (${status} not found)`,
  ChatModelRateLimitError: (status) => `is rate limiting the requests (${status} too many requests)`,
  ChatModelServerError: (status) => `failed to answer (${status} server error)`,
};

const HINTS: Readonly<Record<string, (contract: AdapterContract) => string>> = {
  ChatModelAuthenticationError: (contract) => `Check the key given in ${contract.keySource}.`,
  ChatModelNotFoundError: () => 'Check the model name and the base URL.',
};

/**
 * The message an error status must give, written out from its parts: the endpoint, what the status means, the
 * provider's own message (`error.message` of the body in all three wire formats, the key redacted) and a hint.
 */
export function expectedStatusMessage(
  contract: AdapterContract,
  server: ProviderTestServer,
  [status, , , type]: StatusCase,
  body: any,
): string {
  const said = String(body.error.message).split(contract.apiKey).join('[redacted]').trim();
  const text = `${contract.where(server)} ${PHRASES[type.name](status)}: ${said}`;
  const hint = HINTS[type.name]?.(contract);
  return hint ? `${text}${/[.!?]$/.test(text) ? '' : '.'} ${hint}` : text;
}
