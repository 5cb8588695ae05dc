import type { ToolInputIssue } from './types/tool-input-issue';
import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/**
 * A tool's structured result (`ToolResult.withStructuredContent()`) does not match the tool's `outputSchema`: a
 * fault of the tool's code, reported to the model as an error result (it cannot fix it) and to telemetry.
 */
export class InvalidToolOutputError extends ToolCallingError {
  /** Always `'InvalidToolOutputError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidToolOutputError';

  constructor(
    /** The tool whose result does not match. */
    readonly toolName: string,
    /** What does not match, path by path (the first few). */
    readonly issues: readonly ToolInputIssue[],
    /** How many issues there are in all. */
    readonly issueCount = issues.length,
  ) {
    super(Messages.invalidToolOutput(toolName, issues, issueCount));
  }
}
