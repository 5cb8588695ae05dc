import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';
import type { ToolInputIssue } from './types/tool-input-issue';

export type { ToolInputIssue };

/** At most this many issues are kept on the error; `issueCount` counts them all. */
export const MAX_INPUT_ISSUES_KEPT = 100;

/**
 * The arguments a model sent are not valid JSON or do not fit the tool's input schema. The message names the first
 * few issues and counts the rest, and stays under a few KB however many there are.
 */
export class InvalidToolInputError extends ToolCallingError {
  /** Always `'InvalidToolInputError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidToolInputError';
  /** The first `MAX_INPUT_ISSUES_KEPT` issues, in the order they were found. */
  readonly issues: readonly ToolInputIssue[];
  /** How many issues were found in all. */
  readonly issueCount: number;

  constructor(
    /** The tool the model called. */
    readonly toolName: string,
    issues: readonly ToolInputIssue[],
    issueCount: number = issues.length,
  ) {
    super(Messages.invalidToolInput(toolName, issues, issueCount));
    this.issues = issues.length > MAX_INPUT_ISSUES_KEPT ? issues.slice(0, MAX_INPUT_ISSUES_KEPT) : issues;
    this.issueCount = Math.max(issueCount, this.issues.length);
  }
}
