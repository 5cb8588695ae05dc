import type { Anthropic } from '@anthropic-ai/sdk';
import type { OpenAI } from 'openai';
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

/** Which real chat model to use, and how to reach it. */
export type ChatModelSettings = OpenAiChatModelSettings | AnthropicChatModelSettings;
