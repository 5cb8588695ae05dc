import type { Anthropic } from '@anthropic-ai/sdk';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import type { AnthropicChatModelSettings } from '../chat-model-settings';
import { checkConnectionSettings } from '../connection-settings.check';
import { ModelMessages, safeBaseUrl } from '../../errors/messages/models.messages';
import { loadProviderSdk } from '../provider-sdk.loader';
import { sdkLogger } from '../sdk-logger';
import { baseUrlSecrets } from '../secret-scrubber';

/** The `@anthropic-ai/sdk` module, loaded on demand. */
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

const FEATURE = 'The Anthropic chat model (provider "anthropic")';

export interface AnthropicConnection {
  readonly sdk: AnthropicSdk;
  readonly client: Anthropic;
  /** The endpoint to name in errors, without credentials; absent for Anthropic's own. */
  readonly baseURL: string | undefined;
  /** Texts that never appear in an error: the API key, credentials of the base URL. */
  readonly secrets: readonly string[];
}

/**
 * Loads the `@anthropic-ai/sdk` SDK and builds its client from the settings, or takes the user's own `client`. The
 * key comes from the settings or `ANTHROPIC_API_KEY`; it may be missing only with a `baseURL` (a gateway that adds
 * its own credentials).
 */
export function connectAnthropic(
  settings: Omit<AnthropicChatModelSettings, 'provider'>,
): AnthropicConnection {
  const sdk = loadProviderSdk<AnthropicSdk>('@anthropic-ai/sdk', 'anthropic', FEATURE);
  if (settings.client) {
    const { client } = settings;
    const isAnthropic = /^https:\/\/api\.anthropic\.com\/?$/.test(client.baseURL);
    return {
      sdk,
      client,
      baseURL: isAnthropic ? undefined : safeBaseUrl(client.baseURL),
      secrets: [
        ...[client.apiKey, client.authToken].filter((key): key is string => typeof key === 'string'),
        ...baseUrlSecrets(client.baseURL),
      ],
    };
  }
  const apiKey = settings.apiKey || process.env.ANTHROPIC_API_KEY || undefined;
  if (!apiKey && !settings.baseURL) {
    throw new ChatModelConfigurationError(
      'anthropic',
      ModelMessages.missingApiKey('anthropic', FEATURE),
      'apiKey',
    );
  }
  checkConnectionSettings({
    provider: 'anthropic',
    apiKey,
    apiKeySource: 'the apiKey setting or ANTHROPIC_API_KEY',
    baseURL: settings.baseURL,
    baseUrlSource: 'the baseURL setting or ANTHROPIC_BASE_URL',
    headers: settings.headers,
  });
  const client = new sdk.Anthropic({
    apiKey: apiKey ?? null,
    baseURL: settings.baseURL,
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logger: sdkLogger('AnthropicChatModel'),
  });
  return { sdk, client, baseURL: safeBaseUrl(settings.baseURL), secrets: apiKey ? [apiKey] : [] };
}
