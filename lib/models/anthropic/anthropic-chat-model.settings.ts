import type { ProviderModelSettings } from '../provider-model.settings';

/**
 * An `AnthropicChatModel`: Anthropic's Messages API, through the `@anthropic-ai/sdk` SDK. The key comes from
 * `apiKey` or `ANTHROPIC_API_KEY`, the endpoint from `baseURL` or `ANTHROPIC_BASE_URL`; a base URL alone is enough
 * (a gateway or proxy that adds its own credentials).
 */
export interface AnthropicChatModelSettings extends ProviderModelSettings {
  /** Names this provider in `ChatModelSettings`; may be left out when the adapter is built directly. */
  readonly provider?: 'anthropic';
  /**
   * `max_tokens`, which Anthropic requires; used when a request sets no `maxTokens`.
   * @defaultValue 4096
   */
  readonly maxTokens?: number;
}
