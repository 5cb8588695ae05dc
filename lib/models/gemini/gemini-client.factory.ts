import type { GoogleGenAI } from '@google/genai';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import type { GeminiChatModelSettings } from '../chat-model-settings';
import { checkConnectionSettings } from '../connection-settings.check';
import { safeBaseUrl } from '../../errors/messages/models.messages';
import { loadProviderSdk } from '../provider-sdk.loader';
import { SDK_DEFAULT_MAX_RETRIES } from '../sdk-request.runner';
import { baseUrlSecrets } from '../secret-scrubber';

/** The `@google/genai` module, loaded on demand. */
export type GeminiSdk = typeof import('@google/genai');

const FEATURE = 'The Gemini chat model (provider "gemini")';

export interface GeminiConnection {
  readonly client: GoogleGenAI;
  /** The endpoint to name in errors, without credentials; absent for Google's own. */
  readonly baseURL: string | undefined;
  readonly secrets: readonly string[];
  readonly maxRetries: number;
  readonly timeoutMs: number | undefined;
}

/**
 * Loads `@google/genai` and builds its client for the Gemini API, or takes the user's own. The key comes from the
 * settings, `GEMINI_API_KEY` or `GOOGLE_API_KEY`; the base URL from the settings or `GEMINI_BASE_URL`. The SDK retries nothing by default: `maxRetries` (2 unless set)
 * becomes its retry options, for 408, 429 and 5xx.
 */
export function connectGemini(settings: Omit<GeminiChatModelSettings, 'provider'>): GeminiConnection {
  const sdk = loadProviderSdk<GeminiSdk>('@google/genai', 'gemini', FEATURE);
  if (settings.client) {
    const { client } = settings;
    // Read back for redaction and messages; neither is public in the SDK's types.
    const internals = client as unknown as { apiKey?: unknown; apiClient?: { getBaseUrl?: () => string } };
    const base = internals.apiClient?.getBaseUrl?.();
    const isGoogle = !base || /^https:\/\/generativelanguage\.googleapis\.com\/?$/.test(base);
    return {
      client,
      baseURL: isGoogle ? undefined : safeBaseUrl(base),
      secrets: [...(typeof internals.apiKey === 'string' ? [internals.apiKey] : []), ...baseUrlSecrets(base)],
      maxRetries: 0,
      timeoutMs: undefined,
    };
  }
  const apiKey = settings.apiKey || process.env.GEMINI_API_KEY || process.env.GOOGLE_API_KEY || undefined;
  if (!apiKey) {
    throw new ChatModelConfigurationError(
      'gemini',
      ProviderAdapterMessages.missingGeminiApiKey(FEATURE),
      'apiKey',
    );
  }
  const baseURL = settings.baseURL || process.env.GEMINI_BASE_URL || undefined;
  checkConnectionSettings({
    provider: 'gemini',
    apiKey,
    apiKeySource: 'the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY',
    baseURL,
    baseUrlSource: 'the baseURL setting or GEMINI_BASE_URL',
    headers: settings.headers,
  });
  const maxRetries = settings.maxRetries ?? SDK_DEFAULT_MAX_RETRIES;
  const client = new sdk.GoogleGenAI({
    vertexai: false,
    apiKey,
    ...(settings.apiVersion ? { apiVersion: settings.apiVersion } : {}),
    httpOptions: {
      ...(baseURL ? { baseUrl: baseURL } : {}),
      ...(settings.headers ? { headers: { ...settings.headers } } : {}),
      ...(settings.timeoutMs !== undefined ? { timeout: settings.timeoutMs } : {}),
      ...(maxRetries > 0 ? { retryOptions: { attempts: maxRetries + 1 } } : {}),
    },
  });
  return {
    client,
    baseURL: safeBaseUrl(baseURL),
    secrets: [apiKey],
    maxRetries,
    timeoutMs: settings.timeoutMs,
  };
}
