import type { ChatOptions } from '../model/chat-options';
import type { Message } from '../model/messages';

/** A run `submit()` handed to the job queue. */
export interface SubmittedRun {
  /** The run's id: read its status, stream, cancel or resume it with it (as the caller that submitted it). */
  readonly runId: string;
}

/** What `submit()` hands the run submitter: the request as data, and the caller's HTTP request to identify it. */
export interface RunSubmission {
  /** The prompt: system text, conversation and user text. */
  readonly messages: readonly Message[];
  /** The request's tool names (the worker's client adds its defaults). */
  readonly toolNames: readonly string[];
  /** The request's chat options. */
  readonly options?: ChatOptions;
  /** The request's tool context values (JSON values). */
  readonly toolContext?: Readonly<Record<string, unknown>>;
  /** The request's advisor parameters (the conversation id…). */
  readonly advisorParams?: Readonly<Record<string, unknown>>;
  /** The HTTP request the run is submitted from (turned into data by the runs module's `caller` option). */
  readonly request?: unknown;
}

/** Puts a run on the job queue: the port `submit()` uses, provided by `DurableRunsModule`. */
export interface RunSubmitter {
  /** Enqueues the run and answers its id. */
  submit(run: RunSubmission): Promise<SubmittedRun>;
}

/**
 * Where the application's run submitter is registered: the module provides one, the injectable `ChatClient` reads
 * it at each `submit()`, and `DurableRunsModule` fills it when it starts.
 */
export class RunSubmitterSlot {
  /** The registered submitter; absent: `submit()` throws `DurableRunsNotConfiguredError`. */
  submitter: RunSubmitter | undefined;
}
