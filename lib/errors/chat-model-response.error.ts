import { ChatModelError } from './chat-model.error';

/**
 * The provider's response cannot be used: a stream event that is not JSON, a stream cut before its end, a response
 * without any answer.
 */
export class ChatModelResponseError extends ChatModelError {
  /** Always `'ChatModelResponseError'`, also after serialization or across copies of the package. */
  override readonly name = 'ChatModelResponseError';

  constructor(provider: string, message: string, options?: { cause?: unknown }) {
    super(provider, message, options);
  }
}
