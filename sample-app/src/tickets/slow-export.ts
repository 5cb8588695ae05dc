import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long `summariseTickets` takes, in milliseconds: `SAMPLE_SLOW_TOOL_MS` (default 3000, at most 10 minutes),
 * so that a demo or a test can hold a run in the middle of a tool call.
 */
export function slowToolMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env.SAMPLE_SLOW_TOOL_MS?.trim();
  if (raw === undefined || raw === '') return 3_000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000)
    throw new Error(
      `SAMPLE_SLOW_TOOL_MS must be a whole number of milliseconds from 0 to 600000, not "${raw}"`,
    );
  return ms;
}

/** Waits `ms` in `steps` equal parts, calling `onStep` after each; stops early (rejects) when `signal` aborts. */
export async function workInSteps(
  ms: number,
  steps: number,
  onStep: (done: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (let done = 1; done <= steps; done++) {
    await sleep(ms / steps, undefined, { signal });
    onStep(done);
  }
}
