import type { ModelErrorMapper } from '../errors/error-mapping.context';

/** The time limit when `timeoutMs` is not set: the SDKs' own, 10 minutes. */
export const SDK_DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
/** The retries when `maxRetries` is not set (the OpenAI and Anthropic SDKs' own; given to Gemini's). */
export const SDK_DEFAULT_MAX_RETRIES = 2;

/** A provider's SDK client, and all an adapter needs to name its endpoint, bound its waits and read its errors. */
export interface ModelConnection<C> {
  readonly client: C;
  /** The provider id errors name (`openai`, `openai-responses`, `azure-openai`, `anthropic`, `gemini`). */
  readonly provider: string;
  /** The endpoint to name in errors, without credentials; absent for the provider's own. */
  readonly baseURL: string | undefined;
  /** Texts that never appear in an error: the API key, credentials of the base URL, bearer tokens. */
  readonly secrets: readonly string[];
  /** The retries the SDK makes (named in errors). */
  readonly maxRetries: number;
  /** The SDK's time limit of one request, when set. */
  readonly timeoutMs: number | undefined;
  readonly mapError: ModelErrorMapper;
}
