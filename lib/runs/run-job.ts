import type { ChatOptions } from '../chat/model/chat-options';
import type { Message } from '../chat/model/messages';
import type { ApprovalDecision } from '../chat/ports/pending-approval';

/** What a run's job carries: the request as data, and the caller as data. */
export interface RunJobData {
  /** The run's id (and the first job's id). */
  readonly runId: string;
  /** Who submitted it: its owner. */
  readonly callerId: string;
  /** The caller as data (`caller.toData`), turned back into a request for guards by `caller.toRequest`. */
  readonly caller: unknown;
  /** The prompt. */
  readonly messages: readonly Message[];
  /** The request's tool names. */
  readonly toolNames: readonly string[];
  /** The request's chat options. */
  readonly options?: ChatOptions;
  /** The request's tool context values. */
  readonly toolContext?: Readonly<Record<string, unknown>>;
  /** The request's advisor parameters. */
  readonly advisorParams?: Readonly<Record<string, unknown>>;
  /**
   * The submitting request's trace context as W3C Trace Context fields (`traceparent`, `tracestate`), so that the
   * worker's spans of the run nest under it; absent without OpenTelemetry or an active span.
   */
  readonly traceContext?: Readonly<Record<string, string>>;
  /** Present for a job that continues a paused run: the decisions, by approval id. */
  readonly decisions?: Readonly<Record<string, ApprovalDecision>>;
}
