import type { OpenAI } from 'openai';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import type { OpenAiChatModelSettings } from '../chat-model-settings';
import { checkConnectionSettings } from '../connection-settings.check';
import { ModelMessages, safeBaseUrl } from '../../errors/messages/models.messages';
import { loadProviderSdk } from '../provider-sdk.loader';
import { sdkLogger } from '../sdk-logger';
import { baseUrlSecrets } from '../secret-scrubber';

/** The `openai` module, loaded on demand. */
export type OpenAiSdk = typeof import('openai');

const FEATURE = 'The OpenAI chat model (provider "openai")';

/** Stands in for the key of a local server that needs none: the SDK refuses to start without one. */
const NO_KEY = 'no-api-key';

/** An SDK client and what the adapter needs to describe its endpoint and keep its secrets out of errors. */
export interface OpenAiConnection {
  readonly sdk: OpenAiSdk;
  readonly client: OpenAI;
  /** `openai`, `openai-responses` or `azure-openai`: names the endpoint in errors. */
  readonly provider: string;
  /** The endpoint to name in errors, without credentials; absent for OpenAI's own. */
  readonly baseURL: string | undefined;
  /** Texts that never appear in an error: the API key, credentials of the base URL. */
  readonly secrets: readonly string[];
}

/** The settings both OpenAI adapters read to connect. */
export type OpenAiConnectionSettings = Pick<
  OpenAiChatModelSettings,
  'apiKey' | 'baseURL' | 'organization' | 'headers' | 'timeoutMs' | 'maxRetries' | 'client'
>;

/**
 * Loads the `openai` SDK and builds its client from the settings, or takes the user's own `client`. The key comes
 * from the settings or `OPENAI_API_KEY`; it may be missing only with a `baseURL` (a local Ollama or vLLM needs none).
 */
export function connectOpenAi(
  settings: OpenAiConnectionSettings,
  provider = 'openai',
  feature = FEATURE,
): OpenAiConnection {
  const sdk = loadProviderSdk<OpenAiSdk>('openai', provider, feature);
  if (settings.client) return fromClient(sdk, settings.client, provider);
  const apiKey = settings.apiKey || process.env.OPENAI_API_KEY || undefined;
  const baseURL = settings.baseURL || process.env.OPENAI_BASE_URL || undefined;
  if (!apiKey && !baseURL) {
    throw new ChatModelConfigurationError(provider, ModelMessages.missingApiKey('openai', feature), 'apiKey');
  }
  checkConnectionSettings({
    provider,
    apiKey,
    apiKeySource: 'the apiKey setting or OPENAI_API_KEY',
    baseURL,
    baseUrlSource: 'the baseURL setting or OPENAI_BASE_URL',
    headers: settings.headers,
  });
  const client = new sdk.OpenAI({
    apiKey: apiKey ?? NO_KEY,
    baseURL: settings.baseURL,
    organization: settings.organization,
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logger: sdkLogger(provider === 'openai' ? 'OpenAiChatModel' : 'OpenAiResponsesChatModel'),
  });
  return {
    sdk,
    client,
    provider,
    baseURL: safeBaseUrl(settings.baseURL),
    secrets: apiKey ? [apiKey] : [],
  };
}

/** A client the user configured (a proxy agent, own fetch, Azure): its key and URL are read back for redaction. */
export function fromClient(sdk: OpenAiSdk, client: OpenAI, provider: string): OpenAiConnection {
  const key = typeof client.apiKey === 'string' && client.apiKey !== NO_KEY ? client.apiKey : undefined;
  const isOpenAi = /^https:\/\/api\.openai\.com\/v1\/?$/.test(client.baseURL);
  return {
    sdk,
    client,
    provider,
    baseURL: isOpenAi ? undefined : safeBaseUrl(client.baseURL),
    secrets: [...(key ? [key] : []), ...baseUrlSecrets(client.baseURL)],
  };
}
