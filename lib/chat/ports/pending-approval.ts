/** A tool call waiting for a person's decision, as `call()` returns it in `pendingApprovals`. */
export interface PendingApproval {
  /** Unguessable and single-use: what `chat.resume(id, decision)` takes. */
  readonly id: string;
  /** The tool the model asked for. */
  readonly toolName: string;
  /** The id the model gave the call. */
  readonly toolCallId: string;
  /** The arguments as the model sent them, parsed and validated against the tool's input. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** ISO time after which the approval can no longer be decided. */
  readonly expiresAt: string;
}

/** What a person decided: approved runs the call with the stored arguments; denied tells the model, with the reason. */
export interface ApprovalDecision {
  /** `true`: the call runs; `false`: the model is told it was not approved. */
  readonly approved: boolean;
  /** Why, for the model (trimmed, at most 2,000 characters). */
  readonly reason?: string;
}
