import { ToolCallingError } from './tool-calling.error';
import type { ToolInputIssue } from './invalid-tool-input.error';
import { ChatMessages } from './messages/chat.messages';

/** The model's answer is not the JSON `entity()` asked for: not JSON at all, or JSON that fails validation. */
export class StructuredOutputError extends ToolCallingError {
  /** Always `'StructuredOutputError'`, also after serialization or across copies of the package. */
  override readonly name = 'StructuredOutputError';

  constructor(
    /** The class or schema name the answer was parsed into. */
    readonly target: string,
    /** The model's answer, as it came. */
    readonly text: string,
    /** Where the answer does not fit the target (empty when it is not JSON). */
    readonly issues: readonly ToolInputIssue[],
  ) {
    super(ChatMessages.structuredOutputInvalid(target, text, issues));
  }
}
