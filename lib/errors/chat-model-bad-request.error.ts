import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The provider refused the request as invalid (400): an unknown option, a schema it does not accept, a conversation too long for the model. */
export class ChatModelBadRequestError extends ChatModelApiError {
  /** Always `'ChatModelBadRequestError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelBadRequestError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.badRequest(details));
  }
}
