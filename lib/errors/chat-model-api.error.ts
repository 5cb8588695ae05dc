import { ChatModelError } from './chat-model.error';
import { ModelMessages } from './messages/models.messages';
import type { ChatModelApiErrorDetails } from './types/chat-model-api-error-details';

export type { ChatModelApiErrorDetails };

/**
 * The provider answered with an error. Subclasses name the usual statuses (400, 401, 403, 404, 429, 5xx); this class
 * itself stands for the others (409, 413, 422…) and for errors reported inside a stream.
 */
export class ChatModelApiError extends ChatModelError {
  /** Always `'ChatModelApiError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelApiError';
  /** The model the request was for. */
  readonly model: string;
  /** undefined; | The HTTP status, when the provider answered. */
  readonly status: number | undefined;
  /** undefined; | The provider's own error message, with API keys redacted. */
  readonly providerMessage: string | undefined;
  /** undefined; | The provider's error type (`invalid_request_error`), when it sends one. */
  readonly errorType: string | undefined;
  /** undefined; | The provider's error code, when it sends one. */
  readonly errorCode: string | undefined;
  /** undefined; | The provider's request id, to quote to its support. */
  readonly requestId: string | undefined;

  constructor(details: ChatModelApiErrorDetails, message: string = ModelMessages.apiError(details)) {
    super(details.provider, message);
    this.model = details.model;
    this.status = details.status;
    this.providerMessage = details.providerMessage;
    this.errorType = details.errorType;
    this.errorCode = details.errorCode;
    this.requestId = details.requestId;
  }
}
