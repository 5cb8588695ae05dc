import { useEffect, useState } from 'react';
import { getJson } from './api';

// A chat that runs as a durable run (the server has REDIS_URL): the server answers the run's id in `x-run-id`; the
// page keeps it with the conversation (sessionStorage) and shows how the run is doing, before and after a reload.

interface RunView {
  runId: string;
  status: string;
  error?: { message: string };
}

const ENDED = new Set(['finished', 'failed', 'cancelled']);
const POLL_MS = 1_000;

/** A `fetch` for the chat transport that tells `onRun` the run id of each answer that is a durable run. */
export function runAwareFetch(onRun: (runId: string) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const runId = response.headers.get('x-run-id');
    if (runId) onRun(runId);
    return response;
  };
}

/** The run's status, asked of the server every second until the run ended (or the page is left). */
export function RunStatus({ runId }: { runId: string }) {
  const [run, setRun] = useState<RunView>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getJson<RunView>(`/api/runs/${encodeURIComponent(runId)}`);
        if (stopped) return;
        setRun(next);
        if (ENDED.has(next.status)) return;
      } catch {
        // Not this user's, or expired: stop asking.
        if (!stopped) setRun({ runId, status: 'unknown' });
        return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId]);
  return (
    <p id="run-status" className="run-status" data-status={run?.status ?? 'queued'}>
      Durable run <code>{runId.slice(0, 8)}</code>: {run?.status ?? '…'}
      {run?.error ? ` (${run.error.message})` : ''}
    </p>
  );
}
