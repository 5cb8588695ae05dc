import { ChatModelApiError, type ChatModelApiErrorDetails } from './chat-model-api.error';
import { ModelMessages } from './messages/models.messages';

/** The API key may not use this model or endpoint (403). */
export class ChatModelPermissionError extends ChatModelApiError {
  /** Always `'ChatModelPermissionError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ChatModelPermissionError';

  constructor(details: ChatModelApiErrorDetails) {
    super(details, ModelMessages.permissionDenied(details));
  }
}
