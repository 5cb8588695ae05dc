import type { ChatModelApiErrorDetails } from '../types/chat-model-api-error-details';

/** The longest provider message kept in an error: providers sometimes echo a whole request or an HTML page. */
export const MAX_PROVIDER_MESSAGE = 500;

/** Which model at which endpoint a message is about. */
export interface ModelEndpoint {
  readonly provider: string;
  readonly model: string;
  /** Already made safe with `safeBaseUrl`. */
  readonly baseURL?: string;
}

/** The base URL without user, password, query or fragment, so that it can be shown in messages. */
export function safeBaseUrl(baseURL: string | undefined): string | undefined {
  if (!baseURL) return undefined;
  try {
    const url = new URL(baseURL);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/$/, '');
  } catch {
    return '(an invalid URL)';
  }
}

const URL_USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/** `text` with every secret and the user:password part of any URL replaced by `[redacted]`. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let clean = text.replace(URL_USER_INFO, '$1[redacted]@');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) clean = clean.split(secret).join('[redacted]');
  }
  return clean;
}

/** `text` scrubbed of secrets, then shortened to `MAX_PROVIDER_MESSAGE` characters. */
export function sanitizeProviderText(text: string, secrets: readonly (string | undefined)[]): string {
  const clean = scrubSecrets(text, secrets).trim();
  return clean.length > MAX_PROVIDER_MESSAGE
    ? `${clean.slice(0, MAX_PROVIDER_MESSAGE)}… (${clean.length} characters)`
    : clean;
}

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'OpenAI-compatible endpoint',
  'openai-responses': 'OpenAI Responses API',
  'azure-openai': 'Azure OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
};

/** "Anthropic at http://…, model \"claude-…\"": which endpoint a message is about. */
export function describeEndpoint(endpoint: ModelEndpoint): string {
  const name = PROVIDER_NAMES[endpoint.provider] ?? endpoint.provider;
  const where = endpoint.baseURL
    ? ` at ${endpoint.baseURL}`
    : endpoint.provider === 'openai'
      ? ' (OpenAI)'
      : '';
  return `${name}${where}, model "${endpoint.model}"`;
}

function said(details: ChatModelApiErrorDetails): string {
  return details.providerMessage ? `: ${details.providerMessage}` : ' (no message)';
}

/** `text`, ended as a sentence, then `hint`. */
function withHint(text: string, hint: string): string {
  return `${text}${/[.!?]$/.test(text) ? '' : '.'} ${hint}`;
}

function retried(details: ChatModelApiErrorDetails): string {
  return details.retries
    ? `, still after ${details.retries} ${details.retries === 1 ? 'retry' : 'retries'}`
    : '';
}

function status(details: ChatModelApiErrorDetails, text: string): string {
  return details.status !== undefined ? `${details.status} ${text}` : text;
}

const API_KEY_SOURCES: Readonly<Record<string, string>> = {
  openai: 'the apiKey setting or OPENAI_API_KEY',
  'openai-responses': 'the apiKey setting or OPENAI_API_KEY',
  'azure-openai': 'the apiKey setting or AZURE_OPENAI_API_KEY',
  anthropic: 'the apiKey setting or ANTHROPIC_API_KEY',
  gemini: 'the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY',
};

function keySource(provider: string): string {
  return API_KEY_SOURCES[provider] ?? 'the apiKey setting';
}

/** Message texts of the chat model adapters, shared by their errors. */
export const ModelMessages = {
  apiError: (details: ChatModelApiErrorDetails) =>
    details.status !== undefined
      ? `${describeEndpoint(details)} answered with status ${details.status}${said(details)}`
      : `${describeEndpoint(details)} reported an error${details.errorType ? ` (${details.errorType})` : ''}${said(details)}`,

  badRequest: (details: ChatModelApiErrorDetails) =>
    `${describeEndpoint(details)} refused the request as invalid (${status(details, 'bad request')})${said(details)}`,

  authenticationFailed: (details: ChatModelApiErrorDetails) =>
    withHint(
      `${describeEndpoint(details)} refused the API key (${status(details, 'unauthorized')})${said(details)}`,
      `Check the key given in ${keySource(details.provider)}.`,
    ),

  permissionDenied: (details: ChatModelApiErrorDetails) =>
    `${describeEndpoint(details)} does not allow this API key to use the model or endpoint ` +
    `(${status(details, 'forbidden')})${said(details)}`,

  notFound: (details: ChatModelApiErrorDetails) =>
    withHint(
      `${describeEndpoint(details)} found no such model or endpoint (${status(details, 'not found')})${said(details)}`,
      'Check the model name and the base URL.',
    ),

  rateLimited: (details: ChatModelApiErrorDetails) =>
    `${describeEndpoint(details)} is rate limiting the requests (${status(details, 'too many requests')}${retried(details)})` +
    said(details),

  serverFailed: (details: ChatModelApiErrorDetails) =>
    `${describeEndpoint(details)} failed to answer (${status(details, 'server error')}${retried(details)})${said(details)}`,

  connectionFailed: (endpoint: ModelEndpoint, detail: string) =>
    `${describeEndpoint(endpoint)} could not be reached: ${detail}`,

  timedOut: (endpoint: ModelEndpoint, timeoutMs: number | undefined) =>
    `${describeEndpoint(endpoint)} did not answer in time` +
    (timeoutMs !== undefined ? ` (time limit: ${timeoutMs} ms; raise it with the timeoutMs setting)` : ''),

  streamIdle: (endpoint: ModelEndpoint, timeoutMs: number) =>
    `${describeEndpoint(endpoint)} sent nothing for ${timeoutMs} ms in the middle of a stream; the stream was abandoned ` +
    '(raise the limit with the timeoutMs setting)',

  streamNotJson: (endpoint: ModelEndpoint, detail: string) =>
    `${describeEndpoint(endpoint)} sent a stream event that is not valid JSON (${detail})`,

  responseNotJson: (endpoint: ModelEndpoint, detail: string) =>
    `${describeEndpoint(endpoint)} sent a response that is not valid JSON (${detail})`,

  streamCut: (endpoint: ModelEndpoint, detail?: string) =>
    `${describeEndpoint(endpoint)} ended the stream before the response was complete` +
    (detail ? ` (${detail})` : ''),

  noChoices: (endpoint: ModelEndpoint) =>
    `${describeEndpoint(endpoint)} answered without any choice: the response holds no message`,

  notStrictCompatible: (toolName: string) =>
    `tool "${toolName}" is sent without OpenAI strict mode: its input schema accepts arbitrary keys somewhere (a ` +
    'map, patternProperties) or is not an object, which strict mode cannot express',

  missingApiKey: (feature: string, source: string, hint = '') =>
    `${feature} needs an API key: set it in ${source}${hint}`,

  unknownProvider: (provider: unknown, known: readonly string[]) =>
    `unknown chat model provider ${JSON.stringify(provider)}: use ` +
    `${known
      .slice(0, -1)
      .map((id) => JSON.stringify(id))
      .join(', ')} or ${JSON.stringify(known[known.length - 1])}`,
};
