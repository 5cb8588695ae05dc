/**
 * Decides what a failed tool call becomes: a text for the model (returned), or an error for the caller (thrown).
 * It receives `ToolExecutionError` (the tool threw), `InvalidToolInputError` (bad arguments) and the other typed
 * errors of a failed call.
 */
export interface ToolExecutionExceptionProcessor {
  process(error: Error): string;
}
