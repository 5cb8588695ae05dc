/* eslint-disable @typescript-eslint/require-await -- the contract is async (Redis); in memory nothing is awaited, and async keeps a thrown error a rejection */
import type {
  ApprovalLookup,
  ApprovalStore,
  DecideOutcome,
  PausedRunData,
  PausedRunEntry,
} from '../chat/ports/approval-store';
import type { ApprovalDecision } from '../chat/ports/pending-approval';
import { APPROVAL_RETAIN_MS } from './approval-retention';

interface ApprovalEntry {
  readonly runId: string;
  readonly toolName: string;
  readonly expiresAt: number;
  decided: boolean;
}

interface RunEntry {
  /** A copy: nothing the caller holds can change it. */
  readonly run: PausedRunData;
  readonly decisions: Map<string, ApprovalDecision>;
  readonly total: number;
}

/**
 * How often `save()` looks for entries to remove. Decided approvals are kept for a day, so that a second decision is
 * refused as already made: a pass over all of them on every save grew with their number (half the CPU of an
 * approval round trip after 18,000 of them).
 */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * Paused runs in this process's memory: fine for one replica (the module's default without `redis`); with several,
 * use the Redis store. Entries are removed once their run has expired and `retainMs` passed (looked for on a save,
 * at most once a second).
 */
export class InMemoryApprovalStore implements ApprovalStore {
  private readonly approvals = new Map<string, ApprovalEntry>();
  private readonly runs = new Map<string, RunEntry>();
  private nextSweep = 0;

  /**
   * @param retainMs - How long decided and expired ids are remembered after their run expires.
   * @defaultValue `retainMs`: 86400000 (one day)
   */
  constructor(private readonly retainMs = APPROVAL_RETAIN_MS) {}

  /** Keeps the run and its approval ids. */
  async save(entry: PausedRunEntry): Promise<void> {
    const now = Date.now();
    if (now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_INTERVAL_MS;
      this.sweep(now);
    }
    this.runs.set(entry.id, {
      run: { version: entry.run.version, data: entry.run.data },
      decisions: new Map(),
      total: entry.approvals.length,
    });
    for (const approval of entry.approvals) {
      this.approvals.set(approval.id, {
        runId: entry.id,
        toolName: approval.toolName,
        expiresAt: entry.expiresAt,
        decided: false,
      });
    }
  }

  /** What this approval id points to, without changing anything. */
  async find(approvalId: string): Promise<ApprovalLookup> {
    const approval = this.approvals.get(approvalId);
    const settled = this.settled(approval, Date.now());
    if (settled) return settled;
    const entry = this.runs.get(approval!.runId);
    return entry ? { status: 'pending', run: { ...entry.run } } : { status: 'unknown' };
  }

  /** Records one decision, once; the last one of a run hands the run over and removes it. */
  async decide(approvalId: string, decision: ApprovalDecision, now = Date.now()): Promise<DecideOutcome> {
    const approval = this.approvals.get(approvalId);
    const settled = this.settled(approval, now);
    if (settled) return settled;
    const entry = this.runs.get(approval!.runId);
    if (!entry) return { status: 'unknown' };
    approval!.decided = true;
    entry.decisions.set(approvalId, decision);
    const run = { ...entry.run };
    if (entry.decisions.size < entry.total)
      return { status: 'waiting', run, decided: new Set(entry.decisions.keys()) };
    this.runs.delete(approval!.runId);
    return { status: 'complete', run, decisions: entry.decisions };
  }

  private settled(
    approval: ApprovalEntry | undefined,
    now: number,
  ): Exclude<DecideOutcome, { run: unknown }> | undefined {
    if (!approval) return { status: 'unknown' };
    if (approval.decided) return { status: 'decided', toolName: approval.toolName };
    if (now > approval.expiresAt)
      return { status: 'expired', toolName: approval.toolName, expiresAt: approval.expiresAt };
    return undefined;
  }

  private sweep(now: number): void {
    for (const [id, approval] of this.approvals) {
      if (now > approval.expiresAt + this.retainMs) {
        this.approvals.delete(id);
        this.runs.delete(approval.runId);
      }
    }
  }
}
