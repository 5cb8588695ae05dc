import type { PendingApproval } from '../ports/pending-approval';
import type { FinishReason, Usage } from '../model/chat-response';
import type { ToolCall } from '../model/messages';
import type { ChatClientResponse, StopReason } from '../ports/chat-client-response';
import type { FinishedEvent } from './chat-stream-event';

/**
 * The `finished` event, holding the whole response in a private field: beside the event's data rather than in
 * it, since events are sent to browsers as they are (JSON.stringify and util.inspect see no private field), and
 * the response holds the whole conversation, the system prompt included. Not a WeakMap from event to response:
 * an entry per streamed call costs the garbage collector more than the rest of a short conversation.
 */
class Finished implements FinishedEvent {
  readonly type = 'finished';
  readonly text: string;
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
  readonly rounds: number;
  readonly stopReason: StopReason;
  readonly returnDirect: boolean;
  readonly pendingToolCalls: readonly ToolCall[];
  readonly pendingApprovals: readonly PendingApproval[];
  readonly #response: ChatClientResponse;

  constructor(response: ChatClientResponse) {
    this.text = response.text;
    this.finishReason = response.finishReason;
    this.usage = response.usage;
    this.rounds = response.rounds;
    this.stopReason = response.stopReason;
    this.returnDirect = response.returnDirect !== undefined;
    this.pendingToolCalls = response.pendingToolCalls;
    this.pendingApprovals = response.pendingApprovals;
    this.#response = response;
  }

  static responseOf(event: FinishedEvent): ChatClientResponse | undefined {
    return #response in event ? event.#response : undefined;
  }
}

/** The `finished` event of a streamed call that ended with `response`. */
export function finishedEvent(response: ChatClientResponse): FinishedEvent {
  return new Finished(response);
}

/**
 * The whole outcome of a streamed call (history, tool executions, pending approvals), from its `finished` event:
 * for stream advisors (chat memory) and for code that iterates `stream().events()`.
 */
export function chatClientResponseOf(event: FinishedEvent): ChatClientResponse | undefined {
  return Finished.responseOf(event);
}
