import { ApprovalStateReadError } from '../errors/approval-state-read.error';
import type { PausedRunData } from '../chat/ports/approval-store';
import type { ApprovalDecision } from '../chat/ports/pending-approval';

/** How the Redis store writes a run's opaque data: `{"version":…,"data":"…"}`. */
export function serializeRunData(run: PausedRunData): string {
  return JSON.stringify({ version: run.version, data: run.data });
}

/**
 * A run's data as written by `serializeRunData`, or by the 0.1 store, which wrote the loop's snapshot itself (a JSON
 * object with `v: 1`): that text is version 1 of the loop's data, so runs paused before an upgrade still resume.
 */
export function parseRunData(text: string): PausedRunData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApprovalStateReadError('it is not JSON');
  }
  const stored = value as { version?: unknown; data?: unknown; v?: unknown } | null;
  if (typeof stored !== 'object' || stored === null) throw new ApprovalStateReadError('it is not an object');
  if (typeof stored.version === 'number' && typeof stored.data === 'string')
    return { version: stored.version, data: stored.data };
  if (stored.v === 1) return { version: 1, data: text };
  throw new ApprovalStateReadError('it has neither a version and data nor the layout of 0.1');
}

/** A decision as the decide script stored it (JSON), reduced to its two fields. */
export function parseDecision(text: string): ApprovalDecision {
  const value = JSON.parse(text) as ApprovalDecision;
  return value.reason === undefined
    ? { approved: value.approved === true }
    : { approved: value.approved === true, reason: value.reason };
}
