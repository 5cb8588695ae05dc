import { ToolCallingError } from './tool-calling.error';
import { HandlerMessages } from './messages/handlers.messages';

/** `ToolExecutionContext.create()` was given the context of something other than a tool call. */
export class NotAToolCallContextError extends ToolCallingError {
  override readonly name = 'NotAToolCallContextError';

  constructor(readonly contextType: string) {
    super(HandlerMessages.notAToolCall(contextType));
  }
}
