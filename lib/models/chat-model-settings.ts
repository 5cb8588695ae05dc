import type { Anthropic } from '@anthropic-ai/sdk';
import type { GoogleGenAI } from '@google/genai';
import type { AzureOpenAI, OpenAI } from 'openai';
import type { ChatOptions } from '../chat/model/chat-options';

interface CommonSettings {
  /** The provider's model name (`gpt-4o-mini`, `llama3.1`, `claude-sonnet-4-6`…). */
  readonly model: string;
  readonly apiKey?: string;
  /** Another endpoint: a local Ollama or vLLM, DeepSeek, GLM, Qwen, Mistral, Groq, a proxy. */
  readonly baseURL?: string;
  /** Extra HTTP headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Time limit of one HTTP request until the response starts, in milliseconds (the SDK's own, 10 minutes by
   * default); when streaming, also the longest silence allowed between two events.
   */
  readonly timeoutMs?: number;
  /** Retries of failed requests (429, 5xx, connection errors), by the SDK. */
  readonly maxRetries?: number;
  /** Options applied to every request unless a request sets them. */
  readonly defaultOptions?: ChatOptions;
}

/** Any OpenAI-compatible endpoint, through the `openai` SDK. */
export interface OpenAiChatModelSettings extends CommonSettings {
  readonly provider: 'openai';
  readonly organization?: string;
  /**
   * Your own configured `OpenAI` client (a proxy agent, a custom `fetch`, an `AzureOpenAI` client…), used instead of
   * one built from `apiKey`, `baseURL`, `organization`, `headers`, `timeoutMs` and `maxRetries`, which are then ignored.
   */
  readonly client?: OpenAI;
  /** OpenAI strict mode for every tool's schema. */
  readonly strict?: boolean;
  /** OpenAI strict mode for these tools only (by name), when `strict` is not set for all. */
  readonly strictTools?: readonly string[];
  /**
   * The body field that carries `maxTokens`: `max_tokens` (default; what most OpenAI-compatible servers know) or
   * `max_completion_tokens` (what OpenAI's reasoning models require).
   */
  readonly maxTokensParameter?: 'max_tokens' | 'max_completion_tokens';
}

/** OpenAI's Responses API, through the `openai` SDK (`client.responses.create`). */
export interface OpenAiResponsesChatModelSettings
  extends
    CommonSettings,
    Pick<OpenAiChatModelSettings, 'organization' | 'client' | 'strict' | 'strictTools'> {
  readonly provider: 'openai-responses';
  /**
   * Let OpenAI store the responses (`store: true`). Default `false`: stateless, every request carries the whole
   * conversation, the reasoning of a reasoning model included (encrypted).
   */
  readonly store?: boolean;
  /**
   * Ask for the reasoning encrypted (`include: ["reasoning.encrypted_content"]`) so that it can travel in the
   * history with `store: false`. Default: for model names of reasoning models (o1, o3, o4-mini, gpt-5…).
   */
  readonly includeReasoning?: boolean;
}

/** Azure OpenAI, through the `openai` SDK's `AzureOpenAI` client: Chat Completions or the Responses API. */
export interface AzureOpenAiChatModelSettings
  extends
    Omit<CommonSettings, 'model'>,
    Pick<OpenAiChatModelSettings, 'strict' | 'strictTools' | 'maxTokensParameter'>,
    Pick<OpenAiResponsesChatModelSettings, 'store' | 'includeReasoning'> {
  readonly provider: 'azure-openai';
  /** The deployment to use (`AZURE_OPENAI_DEPLOYMENT`): Azure routes by deployment, which is sent as the model. */
  readonly model: string;
  /** `chat-completions` (default) or `responses`. */
  readonly api?: 'chat-completions' | 'responses';
  /** `https://<resource>.openai.azure.com` (`AZURE_OPENAI_ENDPOINT`). */
  readonly endpoint?: string;
  /** Instead of `endpoint`: the whole base URL, `https://<resource>.openai.azure.com/openai` (a proxy, a gateway). */
  readonly baseURL?: string;
  /** The API version (`OPENAI_API_VERSION`), e.g. `2024-10-21`, or `2025-04-01-preview` for the Responses API. */
  readonly apiVersion?: string;
  /** The API key (`AZURE_OPENAI_API_KEY`), or else: */
  readonly apiKey?: string;
  /** Microsoft Entra ID: a function giving a bearer token (`getBearerTokenProvider` of `@azure/identity`). */
  readonly azureADTokenProvider?: () => Promise<string>;
  /** Your own configured `AzureOpenAI` client, used instead of one built from the settings above. */
  readonly client?: AzureOpenAI;
}

/** Anthropic's Messages API, through the `@anthropic-ai/sdk` SDK. */
export interface AnthropicChatModelSettings extends CommonSettings {
  readonly provider: 'anthropic';
  /**
   * Your own configured `Anthropic` client, used instead of one built from `apiKey`, `baseURL`, `headers`,
   * `timeoutMs` and `maxRetries`, which are then ignored.
   */
  readonly client?: Anthropic;
  /** `max_tokens` is required by Anthropic; used when a request sets no `maxTokens`. */
  readonly maxTokens?: number;
}

/** Google's Gemini API, through the `@google/genai` SDK. */
export interface GeminiChatModelSettings extends CommonSettings {
  readonly provider: 'gemini';
  /** The API version of the Gemini API (the SDK's default, `v1beta`, unless set). */
  readonly apiVersion?: string;
  /**
   * Your own configured `GoogleGenAI` client (Vertex AI, a custom `fetch`, its own retry options…), used instead of
   * one built from `apiKey`, `baseURL`, `apiVersion`, `headers`, `timeoutMs` and `maxRetries`, which are then ignored.
   */
  readonly client?: GoogleGenAI;
}

/** Which real chat model to use, and how to reach it. */
export type ChatModelSettings =
  | OpenAiChatModelSettings
  | OpenAiResponsesChatModelSettings
  | AzureOpenAiChatModelSettings
  | AnthropicChatModelSettings
  | GeminiChatModelSettings;
