/** How this process takes part in durable runs, read from the environment. */
export interface DurableRunsSettings {
  /** The Redis that holds the queue, the runs' checkpoints and their streams: `REDIS_URL`. */
  readonly redisUrl: string;
  /** Whether this process runs jobs: always for `npm run worker`; for the web process, `RUN_WORKER` (default true). */
  readonly worker: boolean;
  /** How many runs this process's worker runs at once: `RUN_CONCURRENCY` (default 4). */
  readonly concurrency: number;
  /** How soon a job of a worker that died is taken over, in milliseconds: `RUN_LOCK_MS` (default the library's 30 s). */
  readonly lockDurationMs?: number;
}

/**
 * Durable runs are on when `REDIS_URL` is set (the quick start, without it, keeps every run in the request that
 * started it, in memory). `role` is the process: the web app (`npm start`) or a worker (`npm run worker`).
 */
export function durableRunsSettings(
  role: 'web' | 'worker',
  env: Readonly<Record<string, string | undefined>> = process.env,
): DurableRunsSettings | undefined {
  const redisUrl = env.REDIS_URL?.trim();
  if (!redisUrl) return undefined;
  return {
    redisUrl,
    worker: role === 'worker' || flag(env, 'RUN_WORKER', true),
    concurrency: wholeNumber(env, 'RUN_CONCURRENCY', 4, 1, 100),
    ...(env.RUN_LOCK_MS?.trim() && {
      lockDurationMs: wholeNumber(env, 'RUN_LOCK_MS', 30_000, 1_000, 600_000),
    }),
  };
}

function flag(env: Readonly<Record<string, string | undefined>>, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, not "${env[name]}"`);
}

function wholeNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}
