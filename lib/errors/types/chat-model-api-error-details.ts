/** What a provider said when it refused or failed a request. Never contains the API key. */
export interface ChatModelApiErrorDetails {
  /** The provider (`openai`, `anthropic`…). */
  readonly provider: string;
  /** The model the request was for. */
  readonly model: string;
  /** The endpoint, without credentials or query string; absent for the provider's default endpoint. */
  readonly baseURL?: string;
  /** The HTTP status; absent when the provider reported the error inside a stream. */
  readonly status?: number;
  /** The provider's own explanation (`error.message` of the response body), shortened and with the key removed. */
  readonly providerMessage?: string;
  /** The provider's error type (`invalid_request_error`, `rate_limit_error`, `overloaded_error`…). */
  readonly errorType?: string;
  /** The provider's error code (`model_not_found`, `context_length_exceeded`…). */
  readonly errorCode?: string;
  /** The provider's request id, to quote to its support. */
  readonly requestId?: string;
  /** How many times the SDK retried before giving up. */
  readonly retries?: number;
}
