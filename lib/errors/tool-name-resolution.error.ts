import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/** Names given with `.toolNames(...)` (or as default tool names) that no resolver knows. */
export class ToolNameResolutionError extends ToolCallingError {
  override readonly name = 'ToolNameResolutionError';

  constructor(
    readonly toolNames: readonly string[],
    /** `false` when no `ToolCallbackResolver` was configured at all. */
    readonly hasResolver: boolean,
  ) {
    super(ChatMessages.toolNamesNotResolved(toolNames, hasResolver));
  }
}
