import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';

/** What an adapter checks before it builds its SDK client, and where each value came from (for the message). */
export interface ConnectionSettingsToCheck {
  readonly provider: string;
  readonly apiKey?: string;
  /** "the apiKey setting or OPENAI_API_KEY". */
  readonly apiKeySource: string;
  readonly baseURL?: string;
  readonly baseUrlSource: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Characters `Headers` refuses in a value: NUL, CR, LF, and anything outside Latin-1. */
// eslint-disable-next-line no-control-regex
const INVALID_HEADER_VALUE = /[\0\r\n]|[^\u0000-\u00ff]/;

/**
 * Refuses, at startup, the settings that would make every request fail with an HTTP-client error quoting them: a
 * base URL with credentials or that is no URL, an API key or header value with a line break. The error names the
 * setting or variable, never its value.
 */
export function checkConnectionSettings(settings: ConnectionSettingsToCheck): void {
  const { provider } = settings;
  if (settings.apiKey !== undefined && INVALID_HEADER_VALUE.test(settings.apiKey)) {
    throw new ChatModelConfigurationError(
      provider,
      ProviderAdapterMessages.invalidHeaderValue(settings.apiKeySource),
      'apiKey',
    );
  }
  for (const [name, value] of Object.entries(settings.headers ?? {})) {
    if (typeof value === 'string' && INVALID_HEADER_VALUE.test(value)) {
      throw new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.invalidHeaderValue(`header ${JSON.stringify(name)} of the headers setting`),
        'headers',
      );
    }
  }
  if (settings.baseURL !== undefined && settings.baseURL !== '') {
    let url: URL;
    try {
      url = new URL(settings.baseURL);
    } catch {
      throw new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.invalidBaseUrl(settings.baseUrlSource),
        'baseURL',
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.invalidBaseUrl(settings.baseUrlSource),
        'baseURL',
      );
    }
    if (url.username || url.password) {
      throw new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.credentialsInBaseUrl(settings.baseUrlSource),
        'baseURL',
      );
    }
  }
}
