import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The provider knows no such model or endpoint (404): check the model name and the base URL. */
export class ChatModelNotFoundError extends ChatModelApiError {
  /** Always `'ChatModelNotFoundError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelNotFoundError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.notFound(details));
  }
}
