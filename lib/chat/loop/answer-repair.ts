/**
 * How a call repairs an answer that does not fit what `entity()` asked for: the answer is checked when the model
 * gives it; when it does not fit, the problems go back to the model as a user message and the model answers again,
 * at most `maxAttempts` times.
 */
export interface AnswerRepair {
  /** Repair requests one call may send at most. */
  readonly maxAttempts: number;
  /** What to tell the model about an answer that does not fit; `undefined` when it fits. */
  check(text: string): Promise<string | undefined>;
}
