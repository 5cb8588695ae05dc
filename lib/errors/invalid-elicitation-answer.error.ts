import { ToolCallingError } from './tool-calling.error';

/**
 * The app's elicitation handler answered a tool's question (`ToolContext.elicit()`) with something that is not an
 * answer: an unknown `action`, or `accept` with content that does not fit the question's `requestedSchema`. Thrown
 * by `elicit()`, so the tool may catch it; uncaught, the model reads it as the call's error. Names the fields, never
 * their values.
 */
export class InvalidElicitationAnswerError extends ToolCallingError {
  /** Always `'InvalidElicitationAnswerError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidElicitationAnswerError';

  constructor(
    /** The tool that asked, when known. */
    readonly toolName: string | undefined,
    /** What is wrong: the fields and the rule each breaks. */
    readonly problems: readonly string[],
  ) {
    super(
      `the answer to ${toolName === undefined ? 'a tool' : `tool "${toolName}"`}'s question is not valid: ` +
        problems.join('; '),
    );
  }
}
