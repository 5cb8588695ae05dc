import type { ChatOptions } from '../chat/model/chat-options';
import type { Message } from '../chat/model/messages';
import type { ApprovalDecision } from '../chat/ports/pending-approval';

/** What a run's job carries: the request as data, and the caller as data. */
export interface RunJobData {
  readonly runId: string;
  readonly callerId: string;
  readonly caller: unknown;
  readonly messages: readonly Message[];
  readonly toolNames: readonly string[];
  readonly options?: ChatOptions;
  readonly toolContext?: Readonly<Record<string, unknown>>;
  readonly advisorParams?: Readonly<Record<string, unknown>>;
  /** Present for a job that continues a paused run: the decisions, by approval id. */
  readonly decisions?: Readonly<Record<string, ApprovalDecision>>;
}
