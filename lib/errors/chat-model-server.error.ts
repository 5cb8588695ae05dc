import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The provider failed or is overloaded (5xx, or an overloaded or api error reported inside a stream), still after the SDK retried. */
export class ChatModelServerError extends ChatModelApiError {
  /** Always `'ChatModelServerError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelServerError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.serverFailed(details));
  }
}
