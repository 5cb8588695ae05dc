import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** `ToolContext.require(key)` found no value for the key. */
export class MissingToolContextKeyError extends ToolCallingError {
  override readonly name = 'MissingToolContextKeyError';

  constructor(
    readonly key: string,
    readonly toolName: string | undefined,
  ) {
    super(Messages.missingContextKey(key, toolName));
  }
}
