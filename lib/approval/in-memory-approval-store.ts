/* eslint-disable @typescript-eslint/require-await -- the contract is async (Redis); in memory nothing is awaited, and async keeps a thrown read error a rejection */
import {
  APPROVAL_RETAIN_MS,
  type ApprovalLookup,
  type ApprovalStore,
  type DecideOutcome,
} from '../chat/ports/approval-store';
import type { ApprovalDecision } from '../chat/ports/pending-approval';
import { parsePausedRun, serializePausedRun, type PausedRun } from '../chat/loop/paused-run';

interface ApprovalEntry {
  readonly runId: string;
  readonly toolName: string;
  readonly expiresAt: number;
  decided: boolean;
}

interface RunEntry {
  /** Kept as JSON, as Redis keeps it: nothing the caller holds can change it. */
  readonly json: string;
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
 * Paused runs in this process's memory (the default): fine for one replica; with several, use the Redis store.
 * Entries are removed once their run has expired and `retainMs` passed (looked for on a save, at most once a
 * second).
 */
export class InMemoryApprovalStore implements ApprovalStore {
  private readonly approvals = new Map<string, ApprovalEntry>();
  private readonly runs = new Map<string, RunEntry>();
  private nextSweep = 0;

  constructor(private readonly retainMs = APPROVAL_RETAIN_MS) {}

  async save(run: PausedRun): Promise<void> {
    const now = Date.now();
    if (now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_INTERVAL_MS;
      this.sweep(now);
    }
    this.runs.set(run.id, {
      json: serializePausedRun(run),
      decisions: new Map(),
      total: run.pending.length,
    });
    for (const call of run.pending) {
      this.approvals.set(call.approvalId, {
        runId: run.id,
        toolName: call.toolCall.name,
        expiresAt: run.expiresAt,
        decided: false,
      });
    }
  }

  async find(approvalId: string): Promise<ApprovalLookup> {
    const approval = this.approvals.get(approvalId);
    const settled = this.settled(approval, Date.now());
    if (settled) return settled;
    const entry = this.runs.get(approval!.runId);
    if (!entry) return { status: 'unknown' };
    const run = parsePausedRun(entry.json);
    const call = run.pending.find((c) => c.approvalId === approvalId)!;
    return { status: 'pending', run, call };
  }

  async decide(approvalId: string, decision: ApprovalDecision, now = Date.now()): Promise<DecideOutcome> {
    const approval = this.approvals.get(approvalId);
    const settled = this.settled(approval, now);
    if (settled) return settled;
    const entry = this.runs.get(approval!.runId);
    if (!entry) return { status: 'unknown' };
    const run = parsePausedRun(entry.json);
    approval!.decided = true;
    entry.decisions.set(approvalId, decision);
    if (entry.decisions.size < entry.total)
      return { status: 'waiting', run, decided: new Set(entry.decisions.keys()) };
    this.runs.delete(run.id);
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
