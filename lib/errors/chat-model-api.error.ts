import { ChatModelError } from './chat-model.error';
import { ModelMessages } from './messages/models.messages';
import type { ChatModelApiErrorDetails } from './types/chat-model-api-error-details';

export type { ChatModelApiErrorDetails };

/**
 * The provider answered with an error. Subclasses name the usual statuses (400, 401, 403, 404, 429, 5xx); this class
 * itself stands for the others (409, 413, 422…) and for errors reported inside a stream.
 */
export class ChatModelApiError extends ChatModelError {
  override readonly name: string = 'ChatModelApiError';
  readonly model: string;
  readonly status: number | undefined;
  readonly providerMessage: string | undefined;
  readonly errorType: string | undefined;
  readonly errorCode: string | undefined;
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
