import { ApprovalStateReadError } from '../../errors/approval-state-read.error';
import { isToolResultPart } from '../../tool/result/tool-result-part.check';
import type { PausedRunData } from '../ports/approval-store';
import type { PausedRun } from './paused-run';

/**
 * The layout of a paused run's data. Version 1 is the JSON of a `PausedRun`; before stores kept opaque data (0.1),
 * the Redis store kept that same JSON, with a `v: 1` field, and reads it back as version 1.
 */
export const PAUSED_RUN_VERSION = 1;

/** A paused run as the approval store keeps it. */
export function encodePausedRun(run: PausedRun): PausedRunData {
  return { version: PAUSED_RUN_VERSION, data: JSON.stringify(run) };
}

/** A paused run back from the store; `ApprovalStateReadError` for a version this library does not know, or a bad layout. */
export function decodePausedRun(stored: PausedRunData): PausedRun {
  if (stored.version !== PAUSED_RUN_VERSION)
    throw new ApprovalStateReadError(
      `its version ${JSON.stringify(stored.version)} is not ${PAUSED_RUN_VERSION}, the one this version of the library reads`,
    );
  let value: unknown;
  try {
    value = JSON.parse(stored.data);
  } catch {
    throw new ApprovalStateReadError('it is not JSON');
  }
  const run = value as Partial<PausedRun> | null;
  if (typeof run !== 'object' || run === null) throw new ApprovalStateReadError('it is not an object');
  if (!Array.isArray(run.history) || !Array.isArray(run.pending) || !Array.isArray(run.responses))
    throw new ApprovalStateReadError('it lacks its history, responses or pending calls');
  if (!run.responses.every(hasReadableParts))
    throw new ApprovalStateReadError('a result of the round has a malformed part');
  return run as PausedRun;
}

/** A result of the paused round (or `null`) whose parts, when it has any, are parts. */
function hasReadableParts(response: unknown): boolean {
  if (response === null) return true;
  if (typeof response !== 'object') return false;
  const content = (response as { content?: unknown }).content;
  return content === undefined || (Array.isArray(content) && content.every(isToolResultPart));
}
