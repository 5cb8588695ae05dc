// nestjs-tool-calling/runs: durable runs on BullMQ (an optional peer, with ioredis): submit a chat call as a job,
// checkpointed each step in Redis, continued by another worker when one stops.
export { DurableRunsModule, type DurableRunsAsyncOptions } from './durable-runs.module';
export { DurableRuns, type DurableRunStatus, type DurableRunResponse } from './durable-runs.service';
export type { DurableRunsOptions, DurableRunCaller } from './durable-runs-options';
export { DURABLE_RUNS_OPTIONS } from './durable-runs.tokens';
export { RedisRunStore, type RunStatus, type RunRecord } from './redis-run-store';
export type { RunJobData } from './run-job';
