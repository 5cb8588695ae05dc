import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/**
 * The model called a tool that is not attached to the request (the model is at fault). The name is never looked up
 * anywhere else: by default the model receives this message, listing the tools it may call, as an error result.
 */
export class UnknownToolCallError extends ToolCallingError {
  /** Always `'UnknownToolCallError'`, also after serialization or across copies of the package. */
  override readonly name = 'UnknownToolCallError';

  constructor(
    /** The name the model sent (untrusted). */
    readonly toolName: string,
    /** The tools attached to the request. */
    readonly availableToolNames: readonly string[],
  ) {
    super(ChatMessages.noSuchTool(toolName, availableToolNames));
  }
}
