import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';
import type { ToolInputIssue } from './types/tool-input-issue';

export type { ToolInputIssue };

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
