import type { OpenAI } from 'openai';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import type { OpenAiChatModelSettings } from '../chat-model-settings';
import { ModelMessages } from '../../errors/messages/models.messages';
import { loadProviderSdk } from '../provider-sdk.loader';
import { sdkLogger } from '../sdk-logger';

/** The `openai` module, loaded on demand. */
export type OpenAiSdk = typeof import('openai');

const FEATURE = 'The OpenAI chat model (provider "openai")';

/** Stands in for the key of a local server that needs none: the SDK refuses to start without one. */
const NO_KEY = 'no-api-key';

export interface OpenAiConnection {
  readonly sdk: OpenAiSdk;
  readonly client: OpenAI;
  readonly apiKey: string | undefined;
}

/**
 * Loads the `openai` SDK and builds its client from the settings. The key comes from the settings or
 * `OPENAI_API_KEY`; it may be missing only with a `baseURL` (a local Ollama or vLLM needs none).
 */
export function connectOpenAi(settings: Omit<OpenAiChatModelSettings, 'provider'>): OpenAiConnection {
  const sdk = loadProviderSdk<OpenAiSdk>('openai', 'openai', FEATURE);
  const apiKey = settings.apiKey || process.env.OPENAI_API_KEY || undefined;
  if (!apiKey && !settings.baseURL && !process.env.OPENAI_BASE_URL) {
    throw new ChatModelConfigurationError('openai', ModelMessages.missingApiKey('openai', FEATURE), 'apiKey');
  }
  const client = new sdk.OpenAI({
    apiKey: apiKey ?? NO_KEY,
    baseURL: settings.baseURL,
    organization: settings.organization,
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logger: sdkLogger('OpenAiChatModel'),
  });
  return { sdk, client, apiKey };
}
