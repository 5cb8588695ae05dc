/**
 * Decides what a failed tool call becomes: a text for the model (returned), or an error for the caller (thrown).
 * It receives `ToolExecutionError` (the tool threw), `InvalidToolInputError` (bad arguments) and the other typed
 * errors of a failed call.
 */
export interface ToolExecutionExceptionProcessor {
  /** The text the model receives for a failed call, or throws to end the chat call with that error. */
  process(error: Error): string;
}
