import type { OpenAI } from 'openai';
import { safeBaseUrl } from '../../errors/messages/models.messages';
import type { ConnectionSource } from '../connection/connection.resolver';
import type { ModelConnection } from '../connection/model-connection';
import { connectSdk, type AdoptedClient, type ConnectorSettings } from '../connection/sdk.connector';
import { sdkLogger } from '../sdk-logger';
import { baseUrlSecrets } from '../secret-scrubber';
import { openAiErrorMapper } from './openai-error.mapper';

/** The `openai` module, loaded on demand. */
export type OpenAiSdk = typeof import('openai');

/** Stands in for the key of a local server that needs none: the SDK refuses to start without one. */
const NO_KEY = 'no-api-key';

/** Where the OpenAI adapters' connection comes from: the variables the `openai` SDK reads. */
export function openAiSource(provider: 'openai' | 'openai-responses', feature: string): ConnectionSource {
  return {
    provider,
    feature,
    apiKeyVariables: ['OPENAI_API_KEY'],
    baseUrlVariables: ['OPENAI_BASE_URL'],
    keylessServer: 'a local OpenAI-compatible server',
  };
}

/** The settings both OpenAI adapters read to connect. */
export interface OpenAiConnectionSettings extends ConnectorSettings<OpenAI> {
  readonly organization?: string;
}

/**
 * The `openai` SDK's client for the settings, or the user's own `client`. The key comes from the settings or
 * `OPENAI_API_KEY`, the base URL from the settings or `OPENAI_BASE_URL`; the key may be missing only with a base
 * URL (a local Ollama or vLLM needs none).
 */
export function connectOpenAi(
  settings: OpenAiConnectionSettings,
  source: ConnectionSource,
  loggerName: string,
): ModelConnection<OpenAI> {
  return connectSdk<OpenAiSdk, OpenAI, OpenAiConnectionSettings>(
    {
      sdkPackage: 'openai',
      source,
      build: (sdk, resolved) =>
        new sdk.OpenAI({
          apiKey: resolved.apiKey ?? NO_KEY,
          baseURL: resolved.baseURL,
          organization: settings.organization,
          defaultHeaders: settings.headers,
          timeout: settings.timeoutMs,
          maxRetries: settings.maxRetries,
          logger: sdkLogger(loggerName),
        }),
      adopt: adoptOpenAiClient,
      mapError: openAiErrorMapper,
    },
    settings,
  );
}

/** A client the user configured (a proxy agent, own fetch, Azure): its key and URL are read back for redaction. */
export function adoptOpenAiClient(client: OpenAI): AdoptedClient {
  const key = typeof client.apiKey === 'string' && client.apiKey !== NO_KEY ? client.apiKey : undefined;
  const isOpenAi = /^https:\/\/api\.openai\.com\/v1\/?$/.test(client.baseURL);
  return {
    baseURL: isOpenAi ? undefined : safeBaseUrl(client.baseURL),
    secrets: [...(key ? [key] : []), ...baseUrlSecrets(client.baseURL)],
    maxRetries: client.maxRetries,
    timeoutMs: client.timeout,
  };
}
