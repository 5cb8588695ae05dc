import { ChatModelError } from './chat-model.error';

/** The provider could not be reached, or did not answer (or went silent in a stream) within the time limit. */
export class ChatModelConnectionError extends ChatModelError {
  /** Always `'ChatModelConnectionError'`, also after serialization or across copies of the package. */
  override readonly name = 'ChatModelConnectionError';

  constructor(
    provider: string,
    message: string,
    /** The time limit ran out (rather than the connection failing). */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(provider, message, options);
  }
}
