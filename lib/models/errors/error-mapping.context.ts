import type { ModelEndpoint } from '../../errors/messages/models.messages';

/** What an error mapper knows of the request that failed. */
export interface ErrorMappingContext {
  readonly endpoint: ModelEndpoint;
  /** Secrets that must never appear in an error (the API key, credentials of the base URL). */
  readonly secrets: readonly (string | undefined)[];
  /** The retries the SDK made before it gave up on an error status. */
  readonly maxRetries: number;
  /** The SDK's time limit, named in a time-out message. */
  readonly timeoutMs?: number;
  /** The SDK failed while reading a stream (rather than while sending the request). */
  readonly streaming: boolean;
}

/**
 * Turns what a provider's SDK threw into this library's typed errors; returns errors it does not know as they are.
 * One per provider, in the provider's folder.
 */
export type ModelErrorMapper = (error: unknown, context: ErrorMappingContext) => unknown;

/** What an SDK's API error tells, read the way its provider lays out error bodies. */
export interface ProviderErrorInfo {
  readonly message?: string;
  readonly type?: string;
  readonly code?: string;
  /** The status to choose the error class by when the error came inside a stream, without an HTTP status. */
  readonly impliedStatus?: number;
}

/** The fields of an SDK's API error the mapping reads. */
export interface SdkApiError extends Error {
  readonly status: number | undefined;
  readonly error: unknown;
  readonly requestID?: string | null;
}
