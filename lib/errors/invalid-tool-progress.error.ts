import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** A tool reported progress that is not a number of work done (`ToolContext.reportProgress()`). */
export class InvalidToolProgressError extends ToolCallingError {
  /** Always `'InvalidToolProgressError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidToolProgressError';

  constructor(
    /** The field that is wrong: `progress`, `total` or `message`. */
    readonly field: string,
    /** The tool that reported it, when the context belongs to a tool call. */
    readonly toolName: string | undefined,
  ) {
    super(Messages.invalidProgress(field, toolName));
  }
}
