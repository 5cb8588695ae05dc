import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { ChatClient } from '../chat/client/chat-client';
import { userIdOf } from '../chat/loop/approval-options';
import type { ChatClientResponse, ToolCallRecord } from '../chat/ports/chat-client-response';
import type { ApprovalDecision, PendingApproval } from '../chat/ports/pending-approval';
import type { RunProgress } from '../chat/ports/run-checkpoint';
import type { ChatStreamEvent } from '../chat/loop/chat-stream-event';
import {
  RunSubmitterSlot,
  type RunSubmission,
  type RunSubmitter,
  type SubmittedRun,
} from '../chat/ports/run-submitter';
import type { Message } from '../chat/model/messages';
import type { Usage } from '../chat/model/chat-response';
import { RunsMessages } from '../errors/messages/runs.messages';
import { RunCallerUnknownError } from '../errors/run-caller-unknown.error';
import { RunFailedError } from '../errors/run-failed.error';
import { RunLimitError } from '../errors/run-limit.error';
import { RunNotFoundError } from '../errors/run-not-found.error';
import { RunNotPausedError } from '../errors/run-not-paused.error';
import { RunNotSerializableError } from '../errors/run-not-serializable.error';
import { RequestContextHolder } from '../module/request-context.holder';
import { loadOpenTelemetryApi } from '../telemetry/open-telemetry/open-telemetry-api';
import { ResumableStreams } from '../ui/resumable/resumable-streams';
import { requireOptional } from '../util/optional-require';
import type { DurableRunsOptions } from './durable-runs-options';
import { DURABLE_RUNS_OPTIONS } from './durable-runs.tokens';
import { RedisRunStore, type RunStatus } from './redis-run-store';
import type { RunJobData } from './run-job';
import { replayedEvents, runUIMessageStream } from './run-stream-source';

const FEATURE = 'durable runs';
/** How long a closing worker waits for BullMQ's close once its jobs are over, in milliseconds. */
const SHUTDOWN_GRACE_MS = 2_000;
const SHUTDOWN_POLL_MS = 50;
/** BullMQ's lock on a running job, when the options do not set one. */
const DEFAULT_LOCK_DURATION_MS = 30_000;
/** Names of the model errors worth another attempt. */
const RETRYABLE = new Set([
  'ChatModelRateLimitError',
  'ChatModelServerError',
  'ChatModelConnectionError',
  // Redis went away mid-run: the next attempt continues from the last checkpoint once it is back.
  'StateStoreUnavailableError',
]);

/** The active trace context as propagation fields (the global propagator's: W3C `traceparent` by default). */
function traceContext(): { traceContext?: Record<string, string> } {
  const api = loadOpenTelemetryApi();
  if (api === undefined) return {};
  const carrier: Record<string, string> = {};
  api.propagation.inject(api.context.active(), carrier);
  return Object.keys(carrier).length > 0 ? { traceContext: carrier } : {};
}

/** Runs `fn` in the trace context the submitter's fields carry (as is without any). */
function withTraceContext<T>(fields: Readonly<Record<string, string>> | undefined, fn: () => T): T {
  const api = loadOpenTelemetryApi();
  if (api === undefined || fields === undefined) return fn();
  return api.context.with(api.propagation.extract(api.context.active(), fields), fn);
}

/** The outcome of a finished run, as `status()` shows it. */
export interface DurableRunResponse {
  /** The answer's text. */
  readonly text: string;
  /** Why the run ended (`answered`, `return-direct`, a stop condition…). */
  readonly stopReason: ChatClientResponse['stopReason'];
  /** Model requests made. */
  readonly rounds: number;
  /** Tokens used, when the provider says. */
  readonly usage?: Usage;
  /** The whole conversation, tool results included. */
  readonly history: readonly Message[];
  /** The tool calls run, in order. */
  readonly toolExecutions: readonly ToolCallRecord[];
}

/** A run as its caller sees it. */
export interface DurableRunStatus {
  /** The run's id. */
  readonly runId: string;
  /** Where it stands. */
  readonly status: RunStatus;
  /** When it was submitted (milliseconds since the epoch). */
  readonly createdAt: number;
  /** Its outcome, once `finished`. */
  readonly response?: DurableRunResponse;
  /** Why it failed (`failed`; the `RunFailedError` text) or was cancelled. */
  readonly error?: string;
  /** The approvals it waits for, while `paused` (decide them with `resume()`). */
  readonly pendingApprovals?: readonly PendingApproval[];
}

/**
 * Durable runs: `submit()` (through `ChatClient…submit()`) puts a chat call on a BullMQ queue; any process with a
 * worker runs it, checkpointing each step in Redis, and another worker continues it from its last checkpoint when
 * the first stops. Reading, cancelling and resuming a run is for the caller that submitted it.
 */
@Injectable()
export class DurableRuns implements RunSubmitter, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DurableRuns');
  private redis!: Redis;
  private subscriber: Redis | undefined;
  private queue!: Queue<RunJobData>;
  private worker: Worker<RunJobData> | undefined;
  private store!: RedisRunStore;
  private readonly running = new Map<string, AbortController>();
  /** Every connection this made: BullMQ does not close a connection it was given. */
  private readonly connections: Redis[] = [];
  private readonly prefix: string;
  /** How long a job's lock lasts: also how long a closing worker waits for its jobs, and the queue for its close. */
  private readonly lockDurationMs: number;

  /** Made by `DurableRunsModule`. */
  constructor(
    @Inject(DURABLE_RUNS_OPTIONS) private readonly options: DurableRunsOptions,
    private readonly chatClient: ChatClient,
    private readonly slot: RunSubmitterSlot,
    private readonly requests: RequestContextHolder,
    private readonly streams: ResumableStreams,
  ) {
    this.prefix = options.keyPrefix ?? 'nestjs-tool-calling:';
    this.lockDurationMs = options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
  }

  private get cancelChannel(): string {
    return `${this.prefix}runs:cancel`;
  }

  /** Connects, registers as the application's run submitter, and starts the worker (unless `worker: false`). */
  async onModuleInit(): Promise<void> {
    const { Redis: RedisClass } = requireOptional<typeof import('ioredis')>('ioredis', FEATURE);
    const bullmq = requireOptional<typeof import('bullmq')>('bullmq', FEATURE);
    const connection = this.options.connection;
    const make = (): Redis => {
      const client =
        typeof connection === 'string'
          ? new RedisClass(connection, { maxRetriesPerRequest: null })
          : new RedisClass({ ...connection, maxRetriesPerRequest: null });
      client.on('error', () => undefined);
      this.connections.push(client);
      return client;
    };
    this.redis = make();
    this.store = new RedisRunStore(this.redis, this.prefix, this.options.retainMs ?? 86_400_000);
    const name = this.options.queueName ?? 'nestjs-tool-calling-runs';
    this.queue = new bullmq.Queue<RunJobData>(name, { connection: make() });
    this.queue.on('error', () => undefined);
    this.slot.submitter = this;
    if (this.options.worker === false) return;
    this.subscriber = make();
    await this.subscriber.subscribe(this.cancelChannel);
    this.subscriber.on('message', (_channel: string, runId: string) => {
      this.running.get(runId)?.abort(new Error('cancelled'));
    });
    this.worker = new bullmq.Worker<RunJobData>(name, (job) => this.process(job), {
      connection: make(),
      concurrency: this.options.concurrency ?? 4,
      lockDuration: this.lockDurationMs,
      stalledInterval: Math.max(Math.floor(this.lockDurationMs / 2), 100),
      maxStalledCount: 3,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  /** Stops the worker (its running jobs finish first) and closes the connections. */
  async onApplicationShutdown(): Promise<void> {
    if (this.slot.submitter === this) this.slot.submitter = undefined;
    if (this.worker) await this.closeWorker(this.worker);
    // Bounded: the queue gets one lock period to close; then the connections are dropped anyway.
    await Promise.race([
      this.queue?.close().catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, this.lockDurationMs).unref()),
    ]);
    for (const connection of this.connections.splice(0)) connection.disconnect();
  }

  /**
   * Closes the worker once its running jobs are over (bounded by the lock's duration: a job cut then is taken over).
   * The worker is paused first (no new job, no stalled-job checks), and closed with `force` once this bounded wait
   * is over. A close without `force` waits for BullMQ's own fetch loop, which can sit on its blocking connection
   * with no job running; when that wait was cut short, its lock renewal and stalled-job timers ran on and the process
   * never exited after `app.close()`. That close is still bounded, and so is the disconnect after it.
   */
  private async closeWorker(worker: Worker<RunJobData>): Promise<void> {
    const timeout = () => sleep(SHUTDOWN_GRACE_MS).then(() => false);
    await Promise.race([worker.pause(true).catch(() => undefined), timeout()]);
    const until = Date.now() + this.lockDurationMs;
    while (this.running.size > 0 && Date.now() < until) await sleep(SHUTDOWN_POLL_MS);
    const closed = worker.close(true).then(
      () => true,
      () => true,
    );
    if (await Promise.race([closed, timeout()])) return;
    await Promise.race([worker.disconnect().catch(() => undefined), timeout()]);
    await Promise.race([closed, timeout()]);
  }

  private callerIdOf(request: unknown): string {
    const id = (this.options.caller?.id ?? userIdOf)(request);
    if (typeof id !== 'string' || id === '') throw new RunCallerUnknownError();
    return id;
  }

  /** Enqueues a run (called by `ChatClientRequestSpec.submit()`). */
  async submit(run: RunSubmission): Promise<SubmittedRun> {
    const callerId = this.callerIdOf(run.request);
    const toData =
      this.options.caller?.toData ?? ((request) => ({ user: (request as { user?: unknown }).user }));
    const data: RunJobData = {
      runId: randomUUID(),
      callerId,
      caller: run.request === undefined ? undefined : toData(run.request),
      messages: run.messages,
      toolNames: run.toolNames,
      ...(run.options && { options: run.options }),
      ...(run.toolContext && { toolContext: run.toolContext }),
      ...(run.advisorParams && { advisorParams: run.advisorParams }),
      ...traceContext(),
    };
    let json: string;
    try {
      json = JSON.stringify(data);
    } catch {
      throw new RunNotSerializableError('a value that is not JSON (tool context, options or caller data)');
    }
    const parsed = JSON.parse(json) as RunJobData;
    const limit = this.options.maxRunsPerCaller ?? 10;
    if (!(await this.store.create(parsed.runId, callerId, limit))) throw new RunLimitError(limit);
    await this.enqueue(parsed, parsed.runId);
    return { runId: parsed.runId };
  }

  private enqueue(data: RunJobData, jobId: string): Promise<Job<RunJobData>> {
    const retries = this.options.retries ?? 2;
    return this.queue.add('run', data, {
      jobId,
      attempts: retries + 1,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** The run's record, when it exists and belongs to the caller of `request` (default: the current HTTP request). */
  private async owned(runId: string, request: unknown) {
    const callerId = this.callerIdOf(request ?? this.requests.currentRequest());
    if (typeof runId !== 'string' || runId.length > 64) throw new RunNotFoundError();
    const record = await this.store.record(runId);
    if (record === undefined || record.callerId !== callerId) throw new RunNotFoundError();
    return record;
  }

  /** Where the run stands, for the caller that submitted it (`request`: its HTTP request, default the current one). */
  async status(runId: string, request?: unknown): Promise<DurableRunStatus> {
    const record = await this.owned(runId, request);
    return {
      runId,
      status: record.status,
      createdAt: record.createdAt,
      ...(record.response && { response: JSON.parse(record.response) as DurableRunResponse }),
      ...(record.error && { error: record.error }),
      ...(record.pendingApprovals && {
        pendingApprovals: JSON.parse(record.pendingApprovals) as PendingApproval[],
      }),
    };
  }

  /**
   * Cancels the run from any process: it ends `cancelled`, and the worker running it aborts its model request and
   * tool calls. `false` when it had ended already.
   */
  async cancel(runId: string, request?: unknown): Promise<boolean> {
    const record = await this.owned(runId, request);
    const ended = await this.store.end(
      runId,
      record.callerId,
      'cancelled',
      'error',
      'cancelled by its caller',
    );
    if (ended) await this.redis.publish(this.cancelChannel, runId);
    return ended;
  }

  /** Decides the approvals a paused run waits for (all of them) and puts it back on the queue. */
  async resume(
    runId: string,
    decisions: Readonly<Record<string, ApprovalDecision>>,
    request?: unknown,
  ): Promise<void> {
    const record = await this.owned(runId, request);
    if (record.status !== 'paused') throw new RunNotPausedError(record.status);
    const job = (await this.redis.get(`${this.prefix}run:${runId}:job`)) ?? undefined;
    if (job === undefined) throw new RunNotFoundError();
    const data = JSON.parse(job) as RunJobData;
    if (!(await this.store.setStatus(runId, 'running'))) throw new RunNotPausedError('ended');
    await this.enqueue(
      { ...data, ...traceContext(), decisions: { ...decisions } },
      `${runId}-r${Date.now()}`,
    );
  }

  private async process(job: Job<RunJobData>): Promise<void> {
    const data = job.data;
    const { runId, callerId } = data;
    const record = await this.store.record(runId);
    if (record === undefined || (record.status !== 'queued' && record.status !== 'running')) return;
    await this.store.setStatus(runId, 'running');
    const abort = new AbortController();
    this.running.set(runId, abort);
    const deadlineMs = this.options.deadlineMs ?? 600_000;
    const left = record.createdAt + deadlineMs - Date.now();
    const deadline = setTimeout(
      () => abort.abort(new RunFailedError(RunsMessages.deadline(deadlineMs))),
      Math.max(left, 0),
    );
    try {
      const response = await withTraceContext(data.traceContext, () => this.runCall(data, abort));
      if (response.stopReason === 'awaiting-approval') {
        await this.redis.set(
          `${this.prefix}run:${runId}:job`,
          JSON.stringify({ ...data, decisions: undefined }),
        );
        await this.store.setStatus(runId, 'paused', JSON.stringify(response.pendingApprovals));
        return;
      }
      const outcome: DurableRunResponse = {
        text: response.text,
        stopReason: response.stopReason,
        rounds: response.rounds,
        ...(response.usage && { usage: response.usage }),
        history: response.history,
        toolExecutions: response.toolExecutions,
      };
      await this.store.end(runId, callerId, 'finished', 'response', JSON.stringify(outcome));
    } catch (error) {
      const current = await this.store.record(runId).catch(() => undefined);
      if (current?.status === 'cancelled') return;
      const bullmq = requireOptional<typeof import('bullmq')>('bullmq', FEATURE);
      const name = (error as { name?: unknown })?.name;
      const attempts = job.opts.attempts ?? 1;
      if (
        !abort.signal.aborted &&
        typeof name === 'string' &&
        RETRYABLE.has(name) &&
        job.attemptsMade + 1 < attempts
      )
        throw error;
      const reason = abort.signal.aborted ? (abort.signal.reason as Error) : (error as Error);
      const failed =
        reason instanceof RunFailedError
          ? reason
          : new RunFailedError(reason?.message ?? String(reason), { cause: reason });
      await this.store.end(runId, callerId, 'failed', 'error', failed.message);
      throw new bullmq.UnrecoverableError(failed.message);
    } finally {
      clearTimeout(deadline);
      this.running.delete(runId);
    }
  }

  /**
   * Runs the call streamed, its events recorded as the AI SDK UI message stream under the run's id in the resumable
   * stream store (any replica reads it: `ResumableStreams.resume(runId)`). A worker that takes the run over records
   * it again from the start: the rounds of the last checkpoint replayed, then its own.
   */
  private async runCall(data: RunJobData, abort: AbortController): Promise<ChatClientResponse> {
    const { runId } = data;
    const signal = abort.signal;
    const progress: RunProgress | undefined = await this.store.progress(runId);
    const toRequest = this.options.caller?.toRequest ?? ((caller: unknown) => caller ?? {});
    const spec = () => {
      const prompt = this.chatClient.prompt().request(toRequest(data.caller)).signal(signal);
      if (data.toolNames.length > 0) prompt.toolNames(...data.toolNames);
      if (data.options) prompt.options(data.options);
      if (data.toolContext) prompt.toolContext(data.toolContext);
      if (data.advisorParams) prompt.advisorParams(data.advisorParams);
      return prompt;
    };
    const decisions = data.decisions;
    const pausedSeq = Number((await this.redis.hget(`${this.prefix}run:${runId}`, 'pausedSeq')) ?? -1);
    let events: AsyncIterable<ChatStreamEvent>;
    let replayed: ChatStreamEvent[] = [];
    if (decisions !== undefined && (progress === undefined || progress.checkpoint.seq <= pausedSeq)) {
      // Continues the paused run: each decision through the approval store, the last one streams the rest.
      const seq = progress?.checkpoint.seq ?? 0;
      const entries = Object.entries(decisions);
      if (entries.length === 0) throw new RunNotPausedError('running');
      for (const [approvalId, decision] of entries.slice(0, -1))
        await spec().durable({ runId, store: this.store, seq }).resume(approvalId, decision).chatResponse();
      const [approvalId, decision] = entries[entries.length - 1];
      events = spec().durable({ runId, store: this.store, seq }).resumeStream(approvalId, decision).events();
    } else {
      if (decisions === undefined) replayed = replayedEvents(progress);
      events = spec()
        .messages(data.messages)
        .durable({ runId, store: this.store, ...(progress && { from: progress }) })
        .stream()
        .events();
    }
    const response = await this.record(runId, replayed, events, abort);
    if (response.stopReason === 'awaiting-approval')
      await this.redis.hset(
        `${this.prefix}run:${runId}`,
        'pausedSeq',
        String((await this.store.progress(runId))?.checkpoint.seq ?? 0),
      );
    return response;
  }

  /** Records the run's stream to its end; answers the call's response, or throws what ended the call. */
  private async record(
    runId: string,
    replayed: readonly ChatStreamEvent[],
    events: AsyncIterable<ChatStreamEvent>,
    abort: AbortController,
  ): Promise<ChatClientResponse> {
    let response: ChatClientResponse | undefined;
    let failure: { error: unknown } | undefined;
    const live = (async function* () {
      try {
        yield* events;
      } catch (error) {
        failure = { error };
        throw error;
      }
    })();
    const recorded = await this.streams.record(
      runId,
      runUIMessageStream(replayed, live, (finished) => (response = finished), abort.signal),
      { abort },
    );
    // Read to its end: it ends once every chunk is recorded and the recording is finished.
    const reader = recorded.getReader();
    while (!(await reader.read()).done);
    if (failure !== undefined) throw failure.error;
    if (abort.signal.aborted) throw abort.signal.reason;
    if (response === undefined) throw new RunFailedError('its stream ended without an answer');
    return response;
  }
}
