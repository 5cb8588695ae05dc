import { ToolCallingError } from './tool-calling.error';

/** A request built with `chat.prompt()` cannot be sent as it is (no message at all, a tool object without tools…). */
export class InvalidChatRequestError extends ToolCallingError {
  /** `'InvalidChatRequestError'`, or the name of a subclass (`InvalidApprovalDecisionError`). */
  override readonly name: string = 'InvalidChatRequestError';

  constructor(message: string) {
    super(message);
  }
}
