import { ToolCallingError } from './tool-calling.error';
import { HandlerMessages } from './messages/handlers.messages';

/**
 * A guard of the tool denied the call (returned `false` or threw a `ForbiddenException`): the method did not run.
 * The model is told it is not permitted; the original exception is the `cause`.
 */
export class ToolCallForbiddenError extends ToolCallingError {
  /** Always `'ToolCallForbiddenError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolCallForbiddenError';

  constructor(
    /** The tool the model called. */
    readonly toolName: string,
    detail: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(HandlerMessages.forbidden(toolName, detail), options);
  }
}
