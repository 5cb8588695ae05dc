import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/**
 * The model asked for a tool that is not attached to the request. It is never looked up anywhere else: by default
 * the model receives this message (listing the tools it may call) as an error result.
 */
export class NoSuchToolError extends ToolCallingError {
  override readonly name = 'NoSuchToolError';

  constructor(
    /** The name the model sent (untrusted). */
    readonly toolName: string,
    /** The tools attached to the request. */
    readonly availableToolNames: readonly string[],
  ) {
    super(ChatMessages.noSuchTool(toolName, availableToolNames));
  }
}
