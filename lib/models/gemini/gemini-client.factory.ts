import type { GoogleGenAI } from '@google/genai';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import { safeBaseUrl } from '../../errors/messages/models.messages';
import type { ConnectionSource } from '../connection/connection.resolver';
import { SDK_DEFAULT_MAX_RETRIES, type ModelConnection } from '../connection/model-connection';
import { connectSdk, type ConnectorSettings } from '../connection/sdk.connector';
import { baseUrlSecrets } from '../secret-scrubber';
import { mapGeminiError } from './gemini-error.mapper';

/** The `@google/genai` module, loaded on demand. */
export type GeminiSdk = typeof import('@google/genai');

/** Where the Gemini adapter's connection comes from: `GEMINI_*`, then the variables the SDK itself reads. */
export const GEMINI_SOURCE: ConnectionSource = {
  provider: 'gemini',
  feature: 'The Gemini chat model (provider "gemini")',
  apiKeyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  baseUrlVariables: ['GEMINI_BASE_URL', 'GOOGLE_GEMINI_BASE_URL'],
  missingKeyHint: ProviderAdapterMessages.ownClientInstead('GoogleGenAI'),
};

/** The settings the Gemini adapter reads to connect. */
export interface GeminiConnectionSettings extends ConnectorSettings<GoogleGenAI> {
  readonly apiVersion?: string;
}

/**
 * The `@google/genai` client for the Gemini API, or the user's own. The SDK retries nothing by default: `maxRetries`
 * (2 unless set) becomes its retry options, for 408, 429 and 5xx. A user's own client keeps its own retries and time
 * limit, which it does not reveal.
 */
export function connectGemini(settings: GeminiConnectionSettings): ModelConnection<GoogleGenAI> {
  return connectSdk<GeminiSdk, GoogleGenAI, GeminiConnectionSettings>(
    {
      sdkPackage: '@google/genai',
      source: GEMINI_SOURCE,
      build: (sdk, resolved) => {
        const maxRetries = settings.maxRetries ?? SDK_DEFAULT_MAX_RETRIES;
        return new sdk.GoogleGenAI({
          vertexai: false,
          apiKey: resolved.apiKey,
          ...(settings.apiVersion ? { apiVersion: settings.apiVersion } : {}),
          httpOptions: {
            ...(resolved.baseURL ? { baseUrl: resolved.baseURL } : {}),
            ...(settings.headers ? { headers: { ...settings.headers } } : {}),
            ...(settings.timeoutMs !== undefined ? { timeout: settings.timeoutMs } : {}),
            ...(maxRetries > 0 ? { retryOptions: { attempts: maxRetries + 1 } } : {}),
          },
        });
      },
      adopt: (client) => {
        // Read back for redaction and messages; neither is public in the SDK's types.
        const internals = client as unknown as {
          apiKey?: unknown;
          apiClient?: { getBaseUrl?: () => string };
        };
        const base = internals.apiClient?.getBaseUrl?.();
        const isGoogle = !base || /^https:\/\/generativelanguage\.googleapis\.com\/?$/.test(base);
        return {
          baseURL: isGoogle ? undefined : safeBaseUrl(base),
          secrets: [
            ...(typeof internals.apiKey === 'string' ? [internals.apiKey] : []),
            ...baseUrlSecrets(base),
          ],
          maxRetries: 0,
          timeoutMs: undefined,
        };
      },
      mapError: () => mapGeminiError,
    },
    settings,
  );
}
