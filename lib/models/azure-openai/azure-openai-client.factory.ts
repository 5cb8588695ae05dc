import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import type { AzureOpenAiChatModelSettings } from '../chat-model-settings';
import { checkConnectionSettings } from '../connection-settings.check';
import { ModelMessages, safeBaseUrl } from '../../errors/messages/models.messages';
import { fromClient, type OpenAiConnection, type OpenAiSdk } from '../openai/openai-client.factory';
import { loadProviderSdk } from '../provider-sdk.loader';
import { sdkLogger } from '../sdk-logger';

const FEATURE = 'The Azure OpenAI chat model (provider "azure-openai")';
const PROVIDER = 'azure-openai';
/** The latest bearer tokens kept for redaction (a token provider refreshes them). */
const KEPT_TOKENS = 2;

type AzureSettings = Omit<AzureOpenAiChatModelSettings, 'provider'>;

/**
 * Builds the SDK's `AzureOpenAI` client from the settings and the variables the SDK itself reads
 * (`AZURE_OPENAI_API_KEY`, `AZURE_OPENAI_ENDPOINT`, `OPENAI_API_VERSION`), or takes the user's own client. The
 * deployment is sent as the model; tokens of an Entra ID token provider are kept out of errors like keys.
 */
export function connectAzureOpenAi(settings: AzureSettings): OpenAiConnection {
  const sdk = loadProviderSdk<OpenAiSdk>('openai', PROVIDER, FEATURE);
  if (settings.client) return fromClient(sdk, settings.client, PROVIDER);
  const endpoint = (settings.endpoint || process.env.AZURE_OPENAI_ENDPOINT || '').replace(/\/+$/, '');
  const baseURL = settings.baseURL || (endpoint ? `${endpoint}/openai` : '');
  const apiVersion = settings.apiVersion || process.env.OPENAI_API_VERSION;
  const tokenProvider = settings.azureADTokenProvider;
  const apiKey = tokenProvider
    ? settings.apiKey
    : settings.apiKey || process.env.AZURE_OPENAI_API_KEY || undefined;
  const missing = (what: string, source: string, setting: string) =>
    new ChatModelConfigurationError(
      PROVIDER,
      ProviderAdapterMessages.missingAzureSetting(FEATURE, what, source),
      setting,
    );
  if (!settings.model) throw missing('a deployment', 'the model setting or AZURE_OPENAI_DEPLOYMENT', 'model');
  if (!baseURL) throw missing('an endpoint', 'the endpoint setting or AZURE_OPENAI_ENDPOINT', 'endpoint');
  if (!apiVersion)
    throw missing('an API version', 'the apiVersion setting or OPENAI_API_VERSION', 'apiVersion');
  if (tokenProvider && apiKey) {
    throw new ChatModelConfigurationError(
      PROVIDER,
      ProviderAdapterMessages.azureCredentialsConflict(FEATURE),
      'apiKey',
    );
  }
  if (!tokenProvider && !apiKey) {
    throw new ChatModelConfigurationError(PROVIDER, ModelMessages.missingApiKey(PROVIDER, FEATURE), 'apiKey');
  }
  checkConnectionSettings({
    provider: PROVIDER,
    apiKey,
    apiKeySource: 'the apiKey setting or AZURE_OPENAI_API_KEY',
    baseURL,
    baseUrlSource: settings.baseURL ? 'the baseURL setting' : 'the endpoint setting or AZURE_OPENAI_ENDPOINT',
    headers: settings.headers,
  });
  const secrets: string[] = apiKey ? [apiKey] : [];
  const keepToken = tokenProvider
    ? async () => {
        const token = await tokenProvider();
        if (!secrets.includes(token)) secrets.push(token);
        if (secrets.length > KEPT_TOKENS) secrets.shift();
        return token;
      }
    : undefined;
  const client = new sdk.AzureOpenAI({
    baseURL,
    apiVersion,
    deployment: settings.model,
    ...(keepToken ? { azureADTokenProvider: keepToken } : { apiKey }),
    defaultHeaders: settings.headers,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    logger: sdkLogger('AzureOpenAiChatModel'),
  });
  return { sdk, client, provider: PROVIDER, baseURL: safeBaseUrl(baseURL), secrets };
}
