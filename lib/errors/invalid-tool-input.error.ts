import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** One problem found in the arguments a model sent to a tool. */
export interface ToolInputIssue {
  /** The field, as a dotted path (`address.city`, `items[2]`); empty for the input as a whole. */
  readonly path: string;
  /** What is wrong, in words a model can act on. */
  readonly message: string;
}

/** The arguments a model sent are not valid JSON or do not fit the tool's input schema. */
export class InvalidToolInputError extends ToolCallingError {
  override readonly name = 'InvalidToolInputError';

  constructor(
    readonly toolName: string,
    readonly issues: readonly ToolInputIssue[],
  ) {
    super(Messages.invalidToolInput(toolName, issues));
  }
}
