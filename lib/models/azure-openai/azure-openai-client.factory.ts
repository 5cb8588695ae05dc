import type { AzureOpenAI } from 'openai';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import { ModelMessages, safeBaseUrl } from '../../errors/messages/models.messages';
import {
  settingSource,
  type ConnectionSource,
  type ResolvedConnection,
} from '../connection/connection.resolver';
import { checkConnectionSettings } from '../connection/connection-settings.check';
import type { ModelConnection } from '../connection/model-connection';
import { connectSdk, type ConnectorSettings } from '../connection/sdk.connector';
import { adoptOpenAiClient, type OpenAiSdk } from '../openai/openai-client.factory';
import { openAiErrorMapper } from '../openai/openai-error.mapper';
import { sdkLogger } from '../sdk-logger';
import type { AzureOpenAiChatModelSettings } from './azure-openai-chat-model.settings';

/** Where the Azure adapter's connection comes from: the variables the SDK's `AzureOpenAI` client reads. */
export const AZURE_OPENAI_SOURCE: ConnectionSource = {
  provider: 'azure-openai',
  feature: 'The Azure OpenAI chat model (provider "azure-openai")',
  apiKeyVariables: ['AZURE_OPENAI_API_KEY'],
  baseUrlVariables: ['AZURE_OPENAI_ENDPOINT'],
};

/** The latest bearer tokens kept for redaction (a token provider refreshes them). */
const KEPT_TOKENS = 2;

type AzureSettings = AzureOpenAiChatModelSettings & ConnectorSettings<AzureOpenAI>;

/**
 * The SDK's `AzureOpenAI` client for the settings and the variables the SDK itself reads (`AZURE_OPENAI_API_KEY`,
 * `AZURE_OPENAI_ENDPOINT`, `OPENAI_API_VERSION`), or the user's own client. The deployment is sent as the model;
 * tokens of an Entra ID token provider are kept out of errors like keys.
 */
export function connectAzureOpenAi(settings: AzureSettings): ModelConnection<AzureOpenAI> {
  return connectSdk<OpenAiSdk, AzureOpenAI, AzureSettings>(
    {
      sdkPackage: 'openai',
      source: AZURE_OPENAI_SOURCE,
      resolve: resolveAzure,
      build: (sdk, resolved) => {
        const tokenProvider = settings.azureADTokenProvider;
        const keepToken = tokenProvider
          ? async () => {
              const token = await tokenProvider();
              if (!resolved.secrets.includes(token)) resolved.secrets.push(token);
              if (resolved.secrets.length > KEPT_TOKENS) resolved.secrets.shift();
              return token;
            }
          : undefined;
        return new sdk.AzureOpenAI({
          baseURL: resolved.baseURL,
          apiVersion: apiVersionOf(settings),
          deployment: settings.model,
          ...(keepToken ? { azureADTokenProvider: keepToken } : { apiKey: resolved.apiKey }),
          defaultHeaders: settings.headers,
          timeout: settings.timeoutMs,
          maxRetries: settings.maxRetries,
          logger: sdkLogger('AzureOpenAiChatModel'),
        });
      },
      adopt: adoptOpenAiClient,
      mapError: openAiErrorMapper,
    },
    settings,
  );
}

function apiVersionOf(settings: AzureSettings): string | undefined {
  return settings.apiVersion || process.env.OPENAI_API_VERSION || undefined;
}

/** Azure's own rules: a deployment, an endpoint and an API version, and an API key or a token provider, not both. */
function resolveAzure(settings: AzureSettings): ResolvedConnection {
  const { provider, feature } = AZURE_OPENAI_SOURCE;
  const endpoint = (settings.endpoint || process.env.AZURE_OPENAI_ENDPOINT || '').replace(/\/+$/, '');
  const baseURL = settings.baseURL || (endpoint ? `${endpoint}/openai` : '');
  const tokenProvider = settings.azureADTokenProvider;
  const apiKey = tokenProvider
    ? settings.apiKey
    : settings.apiKey || process.env.AZURE_OPENAI_API_KEY || undefined;
  const missing = (what: string, source: string, setting: string) =>
    new ChatModelConfigurationError(
      provider,
      ProviderAdapterMessages.missingAzureSetting(feature, what, source),
      setting,
    );
  if (!settings.model) throw missing('a deployment', 'the model setting or AZURE_OPENAI_DEPLOYMENT', 'model');
  if (!baseURL)
    throw missing('an endpoint', settingSource('endpoint', ['AZURE_OPENAI_ENDPOINT']), 'endpoint');
  if (!apiVersionOf(settings)) {
    throw missing('an API version', settingSource('apiVersion', ['OPENAI_API_VERSION']), 'apiVersion');
  }
  if (tokenProvider && apiKey) {
    throw new ChatModelConfigurationError(
      provider,
      ProviderAdapterMessages.azureCredentialsConflict(feature),
      'apiKey',
    );
  }
  const apiKeySource = settingSource('apiKey', AZURE_OPENAI_SOURCE.apiKeyVariables);
  if (!tokenProvider && !apiKey) {
    throw new ChatModelConfigurationError(
      provider,
      ModelMessages.missingApiKey(feature, apiKeySource),
      'apiKey',
    );
  }
  checkConnectionSettings({
    provider,
    apiKey,
    apiKeySource,
    baseURL,
    baseUrlSource: settings.baseURL
      ? 'the baseURL setting'
      : settingSource('endpoint', ['AZURE_OPENAI_ENDPOINT']),
    headers: settings.headers,
  });
  return { apiKey, baseURL, endpointURL: safeBaseUrl(baseURL), secrets: apiKey ? [apiKey] : [] };
}
