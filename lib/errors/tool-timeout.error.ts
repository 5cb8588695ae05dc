import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/**
 * A tool call did not finish in time. The tool's `ToolContext.signal` is aborted with this error as its reason; by
 * default the model receives the message as an error result.
 */
export class ToolTimeoutError extends ToolCallingError {
  /** Always `'ToolTimeoutError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolTimeoutError';

  constructor(
    /** The tool that did not finish. */
    readonly toolName: string,
    /** The time it was given, in milliseconds. */
    readonly timeoutMs: number,
  ) {
    super(ChatMessages.toolTimedOut(toolName, timeoutMs));
  }
}
