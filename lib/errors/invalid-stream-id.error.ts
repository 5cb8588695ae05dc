import { InvalidChatRequestError } from './invalid-chat-request.error';
import { StreamMessages } from './messages/stream.messages';

/** A stream id (the chat id a frontend sends) that is not 1 to 128 letters, digits, `_` or `-`: nothing was read. */
export class InvalidStreamIdError extends InvalidChatRequestError {
  /** Always `'InvalidStreamIdError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidStreamIdError';

  constructor(
    /** The longest id accepted. */
    readonly maxLength: number,
  ) {
    super(StreamMessages.invalidStreamId(maxLength));
  }
}
