import { ToolCallingError } from './tool-calling.error';
import { SearchMessages } from './messages/search.messages';

/**
 * With tool search on, the model called a tool that no search has loaded in this conversation (or one it may not
 * see: the two are told apart by nobody). By default the model receives this message, which tells it to search.
 */
export class ToolNotLoadedError extends ToolCallingError {
  /** Always `'ToolNotLoadedError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolNotLoadedError';

  constructor(
    /** The name the model sent (untrusted). */
    readonly toolName: string,
    /** The search tool the model is told to call. */
    readonly searchToolName: string,
  ) {
    super(SearchMessages.toolNotLoaded(toolName, searchToolName));
  }
}
