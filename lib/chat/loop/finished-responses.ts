import type { ChatClientResponse } from './chat-client-response';
import type { FinishedEvent } from './chat-stream-event';

// Beside the event rather than on it: events are sent to browsers as they are, and the response holds the whole
// conversation (the system prompt included).
const responses = new WeakMap<FinishedEvent, ChatClientResponse>();

export function rememberResponse(event: FinishedEvent, response: ChatClientResponse): FinishedEvent {
  responses.set(event, response);
  return event;
}

/**
 * The whole outcome of a streamed call (history, tool executions, pending approvals), from its `finished` event:
 * for stream advisors (chat memory) and for code that iterates `stream().events()`.
 */
export function chatClientResponseOf(event: FinishedEvent): ChatClientResponse | undefined {
  return responses.get(event);
}
