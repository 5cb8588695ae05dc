import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The provider is rate limiting the requests (429), still after the SDK retried. */
export class ChatModelRateLimitError extends ChatModelApiError {
  /** Always `'ChatModelRateLimitError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelRateLimitError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.rateLimited(details));
  }
}
