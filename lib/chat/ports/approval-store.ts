import type { ApprovalDecision } from './pending-approval';
import type { DecidedRun, PausedCall, PausedRun } from '../loop/paused-run';

/** What the store knows of one approval id. */
export type ApprovalLookup =
  | { readonly status: 'pending'; readonly run: PausedRun; readonly call: PausedCall }
  | { readonly status: 'decided'; readonly toolName: string }
  | { readonly status: 'expired'; readonly toolName: string; readonly expiresAt: number }
  | { readonly status: 'unknown' };

/** What deciding one approval did. */
export type DecideOutcome =
  /** Other approvals of the run are still open; `decided` lists the ids decided so far. */
  | { readonly status: 'waiting'; readonly run: PausedRun; readonly decided: ReadonlySet<string> }
  /** This was the last one: the run left the store, and the caller continues it (exactly one caller gets this). */
  | ({ readonly status: 'complete' } & DecidedRun)
  | Exclude<ApprovalLookup, { status: 'pending' }>;

/**
 * Where paused runs wait for their approvals. Every write is atomic: a run is saved with all its approval ids or
 * not at all, and a decision is recorded once (the second is `decided`). Decided and expired ids are remembered for a
 * while (`retainMs`), so that a late decision is told why it fails.
 */
export interface ApprovalStore {
  save(run: PausedRun): Promise<void>;
  find(approvalId: string): Promise<ApprovalLookup>;
  decide(approvalId: string, decision: ApprovalDecision, now?: number): Promise<DecideOutcome>;
}

/** How long decided and expired approval ids are remembered after their run expires. */
export const APPROVAL_RETAIN_MS = 24 * 60 * 60 * 1000;
