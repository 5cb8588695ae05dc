/** How a tool is run, beyond what the model sees. */
export interface ToolMetadata {
  /**
   * When every tool called in a round returns directly, the call ends with their results instead of sending them
   * back to the model.
   */
  readonly returnDirect: boolean;
  /** The tool must not run concurrently with other tools of the same round. */
  readonly sequential?: boolean;
  /** Per-call time limit in milliseconds; overrides the manager's default. */
  readonly timeoutMs?: number;
  /** Longest result sent to the model, in characters; overrides the manager's `limits.maxResultChars`. */
  readonly maxResultChars?: number;
}

export const DEFAULT_TOOL_METADATA: ToolMetadata = Object.freeze({ returnDirect: false });
