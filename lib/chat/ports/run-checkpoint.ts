import type { FinishReason, Usage } from '../model/chat-response';
import type { Message, ToolResponse } from '../model/messages';
import type { ToolCallRecord } from './chat-client-response';

/**
 * A durable run between two steps, as the run store keeps it (JSON): the next step is a model request
 * (`phase: 'model'`), or the tool calls of the last message of `history` (`phase: 'tools'`).
 */
export interface RunCheckpoint {
  /** The layout's version (1). */
  readonly version: 1;
  /** Grows by one with each checkpoint of the run. */
  readonly seq: number;
  /** What comes next. */
  readonly phase: 'model' | 'tools';
  /** The conversation so far; for `'tools'`, it ends with the model message whose calls are to run. */
  readonly history: readonly Message[];
  /** Model requests made so far. */
  readonly rounds: number;
  /** Tokens used so far, when the provider says. */
  readonly usage?: Usage;
  /** The finish reason of the last model response (`'tools'` only). */
  readonly finishReason?: FinishReason;
  /** The metadata of the last model response (`'tools'` only). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Tool calls counted so far, for the limits. */
  readonly counter: { readonly total: number; readonly perTool: Readonly<Record<string, number>> };
  /** The tool calls run so far, in order. */
  readonly records: readonly ToolCallRecord[];
}

/** One tool call of the current round, as the run store saw it start. */
export interface StartedToolCall {
  /** Whether the tool says it may be run again (`@Tool({ idempotent: true })`). */
  readonly idempotent: boolean;
}

/** Where a checkpointed round stands: the checkpoint, and which of its calls started and which have results. */
export interface RunProgress {
  /** The last checkpoint. */
  readonly checkpoint: RunCheckpoint;
  /** Calls of the current round that started, by tool call id. */
  readonly started: ReadonlyMap<string, StartedToolCall>;
  /** Calls of the current round that have a result, by tool call id. */
  readonly results: ReadonlyMap<string, ToolResponse>;
}

/**
 * The loop's run-store port: where a durable run saves each step (all of it or nothing; a checkpoint replaces the
 * previous one and forgets its round's calls). `lib/runs` implements it on Redis.
 */
export interface RunCheckpointStore {
  /** Saves a checkpoint atomically. */
  save(runId: string, checkpoint: RunCheckpoint): Promise<void>;
  /** Marks a tool call of the current round started, before it runs. */
  callStarted(runId: string, toolCallId: string, call: StartedToolCall): Promise<void>;
  /** Keeps the result of a tool call of the current round, as soon as it is there. */
  callSettled(runId: string, response: ToolResponse): Promise<void>;
}

/** Binds a chat call to a durable run: its id, its store, and where it goes on from. */
export interface DurableRunBinding {
  /** The run's id (the tools' `ToolContext.idempotencyKey` starts with it). */
  readonly runId: string;
  /** Where each step is saved. */
  readonly store: RunCheckpointStore;
  /** The state to continue from (a retried job); absent: the run starts. */
  readonly from?: RunProgress;
  /** The sequence number of the run's last checkpoint when `from` is absent (a run resumed after approval). */
  readonly seq?: number;
}
