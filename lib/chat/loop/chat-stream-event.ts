import type { FinishReason, Usage } from '../model/chat-response';
import type { ToolCall } from '../model/messages';
import type { ToolExecutionEvent } from './tool-execution-result';

/** Text of the answer as it arrives (and, at the end, the results of `returnDirect` tools as one delta). */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly round: number;
  readonly text: string;
}

/** A model response is complete (before its tool calls run). */
export interface RoundFinishedEvent {
  readonly type: 'round-finished';
  readonly round: number;
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
}

/** The chat call is over. */
export interface FinishedEvent {
  readonly type: 'finished';
  /** The whole answer (see `ChatClientResponse.text`). */
  readonly text: string;
  readonly finishReason: FinishReason;
  /** Summed over every round. */
  readonly usage?: Usage;
  readonly rounds: number;
  readonly returnDirect: boolean;
  /** Tool calls left to the caller (`internalToolExecution: false`). */
  readonly pendingToolCalls: readonly ToolCall[];
}

/**
 * What `stream().events()` yields, in order, for each round: `text-delta`s, `round-finished`, then for each tool
 * call `tool-call-started` (with the arguments) and `tool-result` or `tool-error` (as calls finish, so interleaved
 * when they run in parallel); and `finished` last. No event carries the tool context or the system prompt.
 */
export type ChatStreamEvent = TextDeltaEvent | RoundFinishedEvent | ToolExecutionEvent | FinishedEvent;
