import { ToolCallingError } from './tool-calling.error';
import type { ToolInputIssue } from './invalid-tool-input.error';
import { ChatMessages } from './messages/chat.messages';

/** The model's answer is not the JSON `entity()` asked for: not JSON at all, or JSON that fails validation. */
export class StructuredOutputError extends ToolCallingError {
  override readonly name = 'StructuredOutputError';

  constructor(
    /** The class or schema name the answer was parsed into. */
    readonly target: string,
    /** The model's answer, as it came. */
    readonly text: string,
    readonly issues: readonly ToolInputIssue[],
  ) {
    super(ChatMessages.structuredOutputInvalid(target, text, issues));
  }
}
