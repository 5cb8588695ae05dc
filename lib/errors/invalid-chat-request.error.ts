import { ToolCallingError } from './tool-calling.error';

/** A request built with `chat.prompt()` cannot be sent as it is (no message at all, a tool object without tools…). */
export class InvalidChatRequestError extends ToolCallingError {
  /** Always `'InvalidChatRequestError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidChatRequestError';

  constructor(message: string) {
    super(message);
  }
}
