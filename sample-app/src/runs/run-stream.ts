import { setTimeout as sleep } from 'node:timers/promises';
import type { ResumableStreams } from 'nestjs-tool-calling';
import type { DurableRuns } from 'nestjs-tool-calling/runs';

/** How long a client waits for a queued run's stream to begin (every worker may be busy), in milliseconds. */
const START_WAIT_MS = 60_000;
const POLL_MS = 100;
const ENDED = new Set(['finished', 'failed', 'cancelled']);

/**
 * The UI message stream of a durable run, from its first chunk, read from the stream store (any replica): it waits,
 * bounded, until a worker starts recording it; a run that ended without a recording, or one that does not start in
 * time, ends the stream with an error chunk saying so.
 */
export function runStream(
  runId: string,
  request: unknown,
  streams: ResumableStreams,
  runs: DurableRuns,
  startWaitMs = START_WAIT_MS,
): ReadableStream<string> {
  let reader: ReadableStreamDefaultReader<string> | undefined;
  let cancelled = false;
  return new ReadableStream<string>({
    async pull(controller) {
      if (!reader) {
        const stream = await waitForRecording(runId, request, streams, runs, startWaitMs, () => cancelled);
        if (typeof stream === 'string') {
          controller.enqueue(`data: ${JSON.stringify({ type: 'error', errorText: stream })}\n\n`);
          return controller.close();
        }
        reader = stream.getReader();
      }
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      cancelled = true;
      await reader?.cancel();
    },
  });
}

async function waitForRecording(
  runId: string,
  request: unknown,
  streams: ResumableStreams,
  runs: DurableRuns,
  startWaitMs: number,
  cancelled: () => boolean,
): Promise<ReadableStream<string> | string> {
  const deadline = Date.now() + startWaitMs;
  while (!cancelled()) {
    const stream = await streams.resume(runId);
    if (stream) return stream;
    // The caller's own request: `status()` answers only the caller that submitted the run.
    const state = await runs.status(runId, request);
    if (ENDED.has(state.status))
      return `run ${runId} ended (${state.status}) before its stream began${state.error ? `: ${state.error}` : ''}`;
    if (Date.now() >= deadline)
      return `run ${runId} is still ${state.status} after ${startWaitMs / 1000} s: ask for GET /api/runs/${runId}`;
    await sleep(POLL_MS);
  }
  return 'cancelled';
}
