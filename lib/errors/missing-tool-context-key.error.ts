import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** `ToolContext.require(key)` found no value for the key. */
export class MissingToolContextKeyError extends ToolCallingError {
  /** Always `'MissingToolContextKeyError'`, also after serialization or across copies of the package. */
  override readonly name = 'MissingToolContextKeyError';

  constructor(
    /** The key `require()` was asked for. */
    readonly key: string,
    /** undefined, | The tool that asked, when the context belongs to a tool call. */
    readonly toolName: string | undefined,
  ) {
    super(Messages.missingContextKey(key, toolName));
  }
}
