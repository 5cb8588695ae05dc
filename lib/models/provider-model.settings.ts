import type { ChatOptions } from '../chat/model/chat-options';

/** The settings every provider's chat model takes: which model, how to reach it, and its request defaults. */
export interface ProviderModelSettings {
  /** The provider's model name (`gpt-4o-mini`, `llama3.1`, `claude-sonnet-4-6`…). */
  readonly model: string;
  /** The API key; when unset, the provider's variable (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`…). */
  readonly apiKey?: string;
  /**
   * Another endpoint: a local Ollama or vLLM, DeepSeek, GLM, Qwen, Mistral, Groq, a proxy or gateway; when unset,
   * the provider's variable (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`…), else the provider's own endpoint.
   */
  readonly baseURL?: string;
  /** Extra HTTP headers on every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Time limit of one HTTP request until the response starts, in milliseconds; when streaming, also the longest
   * silence allowed between two events.
   * @defaultValue 600000 (the SDKs' own: 10 minutes)
   */
  readonly timeoutMs?: number;
  /**
   * Retries of failed requests (429, 5xx, connection errors), by the SDK.
   * @defaultValue 2
   */
  readonly maxRetries?: number;
  /** Options applied to every request unless a request sets them. */
  readonly defaultOptions?: ChatOptions;
}
