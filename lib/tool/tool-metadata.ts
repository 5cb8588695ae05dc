import type { ToolContext } from './tool-context';
import type { ToolRetryOptions } from './tool-retry';

/** A tool call as an approval policy sees it: the arguments are the model's, parsed and validated. */
export interface ApprovalRequest {
  /** The tool the model called. */
  readonly toolName: string;
  /** The model's arguments, parsed and validated. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * Decides whether one call needs a person's approval (`true`) or may run at once (`false`): e.g. only above an
 * amount, or only for some roles of the caller (read from the context).
 */
export type ApprovalPolicy = (call: ApprovalRequest, context: ToolContext) => boolean | Promise<boolean>;

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
  /**
   * A call waits for a person's decision (`true`), or waits when the policy says so; the chat call then ends with
   * `pendingApprovals` and resumes with `ChatClient.resume()`.
   */
  readonly approval?: boolean | ApprovalPolicy;
  /** `false`: always offered, even with tool search on (pinned); default: found by a search first. */
  readonly deferred?: boolean;
  /** Try a call again, after a wait, when it fails with a transient error. */
  readonly retry?: ToolRetryOptions;
  /**
   * Running a call twice has the effect of running it once (a read, or a write keyed by
   * `ToolContext.idempotencyKey`): a durable run may run again a call whose outcome was not saved.
   */
  readonly idempotent?: boolean;
}

export const DEFAULT_TOOL_METADATA: ToolMetadata = Object.freeze({ returnDirect: false });
