import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ModelMessages, safeBaseUrl } from '../../errors/messages/models.messages';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import { baseUrlSecrets } from '../secret-scrubber';
import { checkConnectionSettings } from './connection-settings.check';

/** Where a provider's connection comes from: its settings, then the variables its SDK reads. */
export interface ConnectionSource {
  readonly provider: string;
  /** 'The OpenAI chat model (provider "openai")': the subject of configuration errors. */
  readonly feature: string;
  /** The variables of the API key, first set wins (`OPENAI_API_KEY`). */
  readonly apiKeyVariables: readonly string[];
  /** The variables of the base URL, first set wins (`OPENAI_BASE_URL`). */
  readonly baseUrlVariables: readonly string[];
  /**
   * The server for which a base URL alone is enough ("a local OpenAI-compatible server"); absent when a key is
   * always needed.
   */
  readonly keylessServer?: string;
  /** Added to the message of a missing key: what else would do. */
  readonly missingKeyHint?: string;
}

/** The connection settings an adapter was given. */
export interface ConnectionSettings {
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The key and base URL to build the SDK client with, resolved once. */
export interface ResolvedConnection {
  readonly apiKey: string | undefined;
  readonly baseURL: string | undefined;
  /** The base URL to name in errors, without credentials; absent for the provider's own endpoint. */
  readonly endpointURL: string | undefined;
  /** The key and the credentials of the base URL: never shown in an error. */
  readonly secrets: string[];
}

/** "the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY": where a value may be given, as a user looks for it. */
export function settingSource(setting: string, variables: readonly string[]): string {
  const places = [`the ${setting} setting`, ...variables];
  return places.length === 1
    ? places[0]
    : `${places.slice(0, -1).join(', ')} or ${places[places.length - 1]}`;
}

/**
 * Resolves the API key and base URL from the settings or the environment, once, and checks them: a missing key
 * (unless a base URL alone is enough), a base URL that is no http(s) URL or carries credentials, a key or header
 * value an HTTP header cannot carry. Errors name the setting or variable, never the value.
 */
export function resolveConnection(
  source: ConnectionSource,
  settings: ConnectionSettings,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedConnection {
  const fromEnv = (variables: readonly string[]) =>
    variables.map((name) => env[name]).find((value) => value !== undefined && value !== '');
  const apiKey = settings.apiKey || fromEnv(source.apiKeyVariables) || undefined;
  const baseURL = settings.baseURL || fromEnv(source.baseUrlVariables) || undefined;
  const apiKeySource = settingSource('apiKey', source.apiKeyVariables);
  if (!apiKey && !(baseURL && source.keylessServer)) {
    throw new ChatModelConfigurationError(
      source.provider,
      ModelMessages.missingApiKey(
        source.feature,
        apiKeySource,
        source.missingKeyHint ??
          (source.keylessServer ? ProviderAdapterMessages.baseUrlInstead(source.keylessServer) : undefined),
      ),
      'apiKey',
    );
  }
  checkConnectionSettings({
    provider: source.provider,
    apiKey,
    apiKeySource,
    baseURL,
    baseUrlSource: settingSource('baseURL', source.baseUrlVariables),
    headers: settings.headers,
  });
  return {
    apiKey,
    baseURL,
    endpointURL: safeBaseUrl(baseURL),
    secrets: [...(apiKey ? [apiKey] : []), ...baseUrlSecrets(baseURL)],
  };
}
