import type { ApprovalDecision } from './pending-approval';

/**
 * A paused run as an `ApprovalStore` keeps it: the loop's snapshot, serialized and versioned. A store saves it and
 * gives it back as it is, and never reads `data`; the loop reads it, and refuses a `version` it does not know.
 */
export interface PausedRunData {
  /** The layout of `data`: the loop's business, not the store's. */
  readonly version: number;
  /** The serialized snapshot (JSON text). It holds the conversation: keep it server-side. */
  readonly data: string;
}

/** What `ApprovalStore.save()` receives: the opaque run, and what a store needs to index it. */
export interface PausedRunEntry {
  /** Unguessable; names the run, never an approval. */
  readonly id: string;
  /** Milliseconds since the epoch after which the run's approvals can no longer be decided. */
  readonly expiresAt: number;
  /** Who asked (`ApprovalOptions.callerId`), for a store that indexes runs by caller. */
  readonly callerId?: string;
  /** The approvals the run waits for (their ids, unguessable and single-use): every one is decided before it goes on. */
  readonly approvals: readonly { readonly id: string; readonly toolName: string }[];
  /** The run itself, opaque to the store. */
  readonly run: PausedRunData;
}

/** What the store knows of one approval id. */
export type ApprovalLookup =
  /** Open: the run it belongs to. */
  | { readonly status: 'pending'; readonly run: PausedRunData }
  | { readonly status: 'decided'; readonly toolName: string }
  | { readonly status: 'expired'; readonly toolName: string; readonly expiresAt: number }
  | { readonly status: 'unknown' };

/** What deciding one approval did. */
export type DecideOutcome =
  /** Other approvals of the run are still open; `decided` lists the ids decided so far. */
  | { readonly status: 'waiting'; readonly run: PausedRunData; readonly decided: ReadonlySet<string> }
  /**
   * This was the last one: the run left the store, and the caller continues it (exactly one caller gets this), with
   * every decision by approval id.
   */
  | {
      readonly status: 'complete';
      readonly run: PausedRunData;
      readonly decisions: ReadonlyMap<string, ApprovalDecision>;
    }
  | Exclude<ApprovalLookup, { status: 'pending' }>;

/**
 * Where paused runs wait for their approvals (the port the loop pauses and resumes through; `InMemoryApprovalStore`
 * and `RedisApprovalStore` implement it). Every write is atomic: a run is saved with all its approval ids or not at
 * all, and a decision is recorded once (the second is `decided`). Decided and expired ids are remembered for a while
 * after their run expires, so that a late decision is told why it fails.
 */
export interface ApprovalStore {
  /** Keeps the run until it expires (and its ids a while longer). */
  save(entry: PausedRunEntry): Promise<void>;
  /** What this approval id points to, without changing anything. */
  find(approvalId: string): Promise<ApprovalLookup>;
  /** Records one decision, once; `now` (milliseconds since the epoch) is when it is made. */
  decide(approvalId: string, decision: ApprovalDecision, now?: number): Promise<DecideOutcome>;
}
