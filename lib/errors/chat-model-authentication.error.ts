import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The provider refused the API key (401). */
export class ChatModelAuthenticationError extends ChatModelApiError {
  /** Always `'ChatModelAuthenticationError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelAuthenticationError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.authenticationFailed(details));
  }
}
