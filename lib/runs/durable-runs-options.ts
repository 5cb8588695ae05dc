import type { RedisOptions } from 'ioredis';

/** How a run's caller travels with it: an id that owns the run, and data the worker's guards see as the request. */
export interface DurableRunCaller {
  /**
   * The id of the caller of an HTTP request: the run's owner (only it may read, cancel or resume the run). No id:
   * submitting is refused. Default: `request.user`'s `id`, `sub`, `userId` or `username`.
   */
  readonly id?: (request: unknown) => string | undefined;
  /** The request as JSON data, kept with the job. Default: `{ user: request.user }`. */
  readonly toData?: (request: unknown) => unknown;
  /** The object guards and tools see as the request on the worker. Default: the data itself. */
  readonly toRequest?: (data: unknown) => object;
}

/** Options of `DurableRunsModule.forRoot()`. */
export interface DurableRunsOptions {
  /** The Redis of the queue and the runs' state: a URL (`redis://…`) or ioredis options. */
  readonly connection: string | RedisOptions;
  /**
   * Whether this process runs a worker (takes jobs). `false`: it only submits and reads (a web replica).
   * @defaultValue true
   */
  readonly worker?: boolean;
  /**
   * Runs one worker process runs at once.
   * @defaultValue 4
   */
  readonly concurrency?: number;
  /**
   * The BullMQ queue's name.
   * @defaultValue `'nestjs-tool-calling-runs'`
   */
  readonly queueName?: string;
  /**
   * Prefix of the runs' own keys.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long a run may take from its submission, in milliseconds; past it, it is aborted and fails.
   * @defaultValue 600000 (ten minutes)
   */
  readonly deadlineMs?: number;
  /**
   * Runs one caller may have queued, running or paused at once; one more is refused with `RunLimitError`.
   * @defaultValue 10
   */
  readonly maxRunsPerCaller?: number;
  /**
   * Retries of a run whose model request failed with a retryable error (rate limit, server, connection).
   * @defaultValue 2
   */
  readonly retries?: number;
  /**
   * The first retry's delay in milliseconds; each next one doubles it.
   * @defaultValue 1000
   */
  readonly backoffMs?: number;
  /**
   * How long a worker's hold on a run lasts without renewal, in milliseconds: a worker that stops is replaced after
   * about this long (BullMQ's `lockDuration`; stalled jobs are looked for every half of it).
   * @defaultValue 30000
   */
  readonly lockDurationMs?: number;
  /**
   * How long an ended run's state is kept, in milliseconds.
   * @defaultValue 86400000 (one day)
   */
  readonly retainMs?: number;
  /** How the caller is carried (see `DurableRunCaller`). */
  readonly caller?: DurableRunCaller;
}
