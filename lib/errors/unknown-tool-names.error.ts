import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/**
 * Tool names given by the application, with `.toolNames(...)` or as default tool names, that no resolver knows (the
 * application is at fault).
 */
export class UnknownToolNamesError extends ToolCallingError {
  /** Always `'UnknownToolNamesError'`, also after serialization or across copies of the package. */
  override readonly name = 'UnknownToolNamesError';

  constructor(
    /** The names no resolver knows. */
    readonly toolNames: readonly string[],
    /** `false` when no `ToolCallbackResolver` was configured at all. */
    readonly hasResolver: boolean,
  ) {
    super(ChatMessages.toolNamesNotResolved(toolNames, hasResolver));
  }
}
