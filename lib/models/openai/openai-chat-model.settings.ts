import type { ProviderModelSettings } from '../provider-model.settings';

/**
 * An `OpenAiChatModel`: any OpenAI-compatible chat completions endpoint, through the `openai` SDK. The key comes from
 * `apiKey` or `OPENAI_API_KEY`, the endpoint from `baseURL` or `OPENAI_BASE_URL`; a base URL alone is enough (a
 * local Ollama or vLLM needs no key).
 */
export interface OpenAiChatModelSettings extends ProviderModelSettings {
  /** Names this provider in `ChatModelSettings`; may be left out when the adapter is built directly. */
  readonly provider?: 'openai';
  /** The OpenAI organization (the SDK's `organization`; when unset, `OPENAI_ORG_ID`). */
  readonly organization?: string;
  /**
   * OpenAI strict mode for every tool's schema.
   * @defaultValue false
   */
  readonly strict?: boolean;
  /** OpenAI strict mode for these tools only (by name), when `strict` is not set for all. */
  readonly strictTools?: readonly string[];
  /**
   * The body field that carries `maxTokens`: `max_tokens` (what most OpenAI-compatible servers know) or
   * `max_completion_tokens` (what OpenAI's reasoning models require).
   * @defaultValue 'max_tokens'
   */
  readonly maxTokensParameter?: 'max_tokens' | 'max_completion_tokens';
}
