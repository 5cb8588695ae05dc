import type { Anthropic } from '@anthropic-ai/sdk';
import { safeBaseUrl } from '../../errors/messages/models.messages';
import type { ConnectionSource } from '../connection/connection.resolver';
import type { ModelConnection } from '../connection/model-connection';
import { connectSdk, type ConnectorSettings } from '../connection/sdk.connector';
import { sdkLogger } from '../sdk-logger';
import { baseUrlSecrets } from '../secret-scrubber';
import { anthropicErrorMapper } from './anthropic-error.mapper';

/** The `@anthropic-ai/sdk` module, loaded on demand. */
export type AnthropicSdk = typeof import('@anthropic-ai/sdk');

/** Where the Anthropic adapter's connection comes from: the variables the SDK reads. */
export const ANTHROPIC_SOURCE: ConnectionSource = {
  provider: 'anthropic',
  feature: 'The Anthropic chat model (provider "anthropic")',
  apiKeyVariables: ['ANTHROPIC_API_KEY'],
  baseUrlVariables: ['ANTHROPIC_BASE_URL'],
  keylessServer: 'a gateway that adds its own credentials',
};

/**
 * The `@anthropic-ai/sdk` client for the settings, or the user's own `client`. The key comes from the settings or
 * `ANTHROPIC_API_KEY`, the base URL from the settings or `ANTHROPIC_BASE_URL`; the key may be missing only with a
 * base URL (a gateway that adds its own credentials), and then no credential header is sent.
 */
export function connectAnthropic(settings: ConnectorSettings<Anthropic>): ModelConnection<Anthropic> {
  return connectSdk<AnthropicSdk, Anthropic, ConnectorSettings<Anthropic>>(
    {
      sdkPackage: '@anthropic-ai/sdk',
      source: ANTHROPIC_SOURCE,
      build: (sdk, resolved) =>
        new sdk.Anthropic({
          apiKey: resolved.apiKey ?? null,
          authToken: null,
          baseURL: resolved.baseURL,
          // Without a key the SDK refuses to send a request unless the credential header is omitted on purpose.
          defaultHeaders: resolved.apiKey ? settings.headers : { authorization: null, ...settings.headers },
          timeout: settings.timeoutMs,
          maxRetries: settings.maxRetries,
          logger: sdkLogger('AnthropicChatModel'),
        }),
      adopt: (client) => ({
        baseURL: /^https:\/\/api\.anthropic\.com\/?$/.test(client.baseURL)
          ? undefined
          : safeBaseUrl(client.baseURL),
        secrets: [
          ...[client.apiKey, client.authToken].filter((key): key is string => typeof key === 'string'),
          ...baseUrlSecrets(client.baseURL),
        ],
        maxRetries: client.maxRetries,
        timeoutMs: client.timeout,
      }),
      mapError: anthropicErrorMapper,
    },
    settings,
  );
}
