import type { Anthropic } from '@anthropic-ai/sdk';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import type { AnthropicChatModelSettings } from '../chat-model-settings';
import { ModelMessages } from '../../errors/messages/models.messages';
import { loadProviderSdk } from '../provider-sdk.loader';
import { sdkLogger } from '../sdk-logger';

/** The `@anthropic-ai/sdk` module, loaded on demand. */
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

const FEATURE = 'The Anthropic chat model (provider "anthropic")';

export interface AnthropicConnection {
  readonly sdk: AnthropicSdk;
  readonly client: Anthropic;
  readonly apiKey: string | undefined;
}

/**
 * Loads the `@anthropic-ai/sdk` SDK and builds its client from the settings. The key comes from the settings or
 * `ANTHROPIC_API_KEY`; it may be missing only with a `baseURL` (a gateway that adds its own credentials).
 */
export function connectAnthropic(
  settings: Omit<AnthropicChatModelSettings, 'provider'>,
): AnthropicConnection {
  const sdk = loadProviderSdk<AnthropicSdk>('@anthropic-ai/sdk', 'anthropic', FEATURE);
  const apiKey = settings.apiKey || process.env.ANTHROPIC_API_KEY || undefined;
  if (!apiKey && !settings.baseURL) {
    throw new ChatModelConfigurationError(
      'anthropic',
      ModelMessages.missingApiKey('anthropic', FEATURE),
      'apiKey',
    );
  }
  const client = new sdk.Anthropic({
    apiKey: apiKey ?? null,
    baseURL: settings.baseURL,
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logger: sdkLogger('AnthropicChatModel'),
  });
  return { sdk, client, apiKey };
}
