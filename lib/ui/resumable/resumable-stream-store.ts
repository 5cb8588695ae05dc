/** What `append()` answers: whether the run goes on. */
export type ResumableAppendOutcome =
  /** Recorded; go on. */
  | 'ok'
  /** Recorded, but a stop was asked for (from any replica): end the run (and record how it ended). */
  | 'stopped'
  /** Recording these chunks would pass the size cap: nothing of them was recorded. */
  | 'full';

/** What `read()` found of a recorded run. */
export interface ResumableReadResult {
  /** The chunks after the cursor given, in order. */
  readonly chunks: readonly string[];
  /** Where the next `read()` goes on from. */
  readonly cursor: string;
  /** `true` once the run has ended and every chunk has been read. */
  readonly done: boolean;
}

/**
 * Where the chunks of running streams are recorded, so that a client that reconnects (to any replica sharing the
 * store) reads the rest: in this process's memory (`InMemoryResumableStreamStore`, the module's default) or in Redis
 * Streams (`RedisResumableStreamStore`, with the module's `redis` option). A stream is known by the app's id (the
 * chat id); each run of it by a `runId` the store makes, so that a new run replaces the recording of the last.
 */
export interface ResumableStreamStore {
  /** Starts recording a new run of `streamId` (its latest from now on); answers its `runId`. */
  start(streamId: string): Promise<string>;
  /**
   * Records `chunks` after the run's last ones, unless their bytes would pass `maxBytes` in all ('full': nothing
   * recorded); 'stopped' when a stop was asked for, or the run is no longer recorded. Also keeps a running recording
   * from expiring (an empty `chunks` only does that).
   */
  append(runId: string, chunks: readonly string[], maxBytes: number): Promise<ResumableAppendOutcome>;
  /** Ends the run: readers get `done` after its last chunk; the recording expires `ttlSeconds` later. */
  finish(runId: string, ttlSeconds: number): Promise<void>;
  /**
   * The `runId` of the latest run of `streamId` while its recording is kept (running, or finished less than its
   * `ttlSeconds` ago), or `undefined`.
   */
  latest(streamId: string): Promise<string | undefined>;
  /**
   * The chunks of the run after `cursor` (from the first without one), waiting at most `waitMs` for one when there
   * is none yet; `undefined` when the recording is gone (expired, or its replica died and it lapsed).
   */
  read(runId: string, cursor: string | undefined, waitMs: number): Promise<ResumableReadResult | undefined>;
  /** Asks the running run of `streamId` to stop, wherever it runs; `false` when none is running. */
  stop(streamId: string): Promise<boolean>;
  /** Calls `onStop` once when a stop of the run is asked for; the function returned stops listening. */
  onStop(runId: string, onStop: () => void): Promise<() => Promise<void>>;
  /** Frees what the store holds (connections, timers). */
  close(): Promise<void>;
}
