/* eslint-disable @typescript-eslint/require-await -- the contract is async (Redis); in memory nothing is awaited, and async keeps a thrown error a rejection */
import { randomUUID } from 'node:crypto';
import type {
  ResumableAppendOutcome,
  ResumableReadResult,
  ResumableStreamStore,
} from './resumable-stream-store';

interface Recording {
  readonly streamId: string;
  readonly chunks: string[];
  bytes: number;
  finished: boolean;
  stopped: boolean;
  /** Readers waiting for the next chunk or the end. */
  readonly waiting: Set<() => void>;
  readonly stopListeners: Set<() => void>;
  expiry?: NodeJS.Timeout;
}

/**
 * Recorded streams in this process's memory: a reconnecting client of this replica gets the rest (the module's
 * default without `redis`; with several replicas, use `RedisResumableStreamStore`). A finished recording is removed
 * `ttlSeconds` after its run ended.
 */
export class InMemoryResumableStreamStore implements ResumableStreamStore {
  private readonly recordings = new Map<string, Recording>();
  /** streamId → runId of its latest run. */
  private readonly latestRuns = new Map<string, string>();

  /** Starts a new run of `streamId`, which becomes its latest one. */
  async start(streamId: string): Promise<string> {
    const runId = randomUUID();
    this.recordings.set(runId, {
      streamId,
      chunks: [],
      bytes: 0,
      finished: false,
      stopped: false,
      waiting: new Set(),
      stopListeners: new Set(),
    });
    this.latestRuns.set(streamId, runId);
    return runId;
  }

  /** Records the chunks unless the cap or a stop says otherwise. */
  async append(runId: string, chunks: readonly string[], maxBytes: number): Promise<ResumableAppendOutcome> {
    const recording = this.recordings.get(runId);
    if (!recording || recording.finished) return 'stopped';
    const bytes = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    if (recording.bytes + bytes > maxBytes) return 'full';
    recording.bytes += bytes;
    recording.chunks.push(...chunks);
    wake(recording);
    return recording.stopped ? 'stopped' : 'ok';
  }

  /** Ends the run; its recording is removed `ttlSeconds` later. */
  async finish(runId: string, ttlSeconds: number): Promise<void> {
    const recording = this.recordings.get(runId);
    if (!recording || recording.finished) return;
    recording.finished = true;
    recording.stopListeners.clear();
    wake(recording);
    recording.expiry = setTimeout(() => this.remove(runId), ttlSeconds * 1000);
    recording.expiry.unref();
  }

  /** The latest run of `streamId` whose recording is kept. */
  async latest(streamId: string): Promise<string | undefined> {
    return this.latestRuns.get(streamId);
  }

  /** The chunks after `cursor`, waiting at most `waitMs` for the next one. */
  async read(
    runId: string,
    cursor: string | undefined,
    waitMs: number,
  ): Promise<ResumableReadResult | undefined> {
    const from = cursor === undefined ? 0 : Number(cursor);
    const recording = this.recordings.get(runId);
    if (!recording) return undefined;
    if (recording.chunks.length <= from && !recording.finished && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          recording.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        recording.waiting.add(done);
      });
    }
    if (!this.recordings.has(runId)) return undefined;
    const chunks = recording.chunks.slice(from);
    return {
      chunks,
      cursor: String(from + chunks.length),
      done: recording.finished,
    };
  }

  /** Asks the latest run of `streamId` to stop, if it is running. */
  async stop(streamId: string): Promise<boolean> {
    const runId = this.latestRuns.get(streamId);
    const recording = runId === undefined ? undefined : this.recordings.get(runId);
    if (!recording || recording.finished) return false;
    recording.stopped = true;
    for (const listener of [...recording.stopListeners]) listener();
    recording.stopListeners.clear();
    return true;
  }

  /** Calls `onStop` once when the run is asked to stop. */
  async onStop(runId: string, onStop: () => void): Promise<() => Promise<void>> {
    const recording = this.recordings.get(runId);
    if (!recording) return async () => undefined;
    if (recording.stopped) {
      onStop();
      return async () => undefined;
    }
    recording.stopListeners.add(onStop);
    return async () => {
      recording.stopListeners.delete(onStop);
    };
  }

  /** Drops every recording (and its expiry timer). */
  async close(): Promise<void> {
    for (const runId of [...this.recordings.keys()]) this.remove(runId);
  }

  private remove(runId: string): void {
    const recording = this.recordings.get(runId);
    if (!recording) return;
    clearTimeout(recording.expiry);
    this.recordings.delete(runId);
    if (this.latestRuns.get(recording.streamId) === runId) this.latestRuns.delete(recording.streamId);
    wake(recording);
  }
}

function wake(recording: Recording): void {
  for (const resolve of [...recording.waiting]) resolve();
}
