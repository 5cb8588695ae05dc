import { streamThroughAdvisors } from '../advisors/advisor-chain';
import type { ChatRequest } from '../loop/chat-request';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import { finishedEvent } from '../loop/finished-responses';
import type { ChatClientResponse } from '../ports/chat-client-response';

/**
 * The events of a resumed call: the rest of the run once the decision completed its round, or (approvals still
 * open) the open ones and `finished`.
 */
export async function* resumedEvents(
  decide: () => Promise<ChatRequest | ChatClientResponse>,
  withAdvisors: (request: ChatRequest) => ChatRequest,
  stop: AbortSignal | undefined,
): AsyncGenerator<ChatStreamEvent> {
  const next = await decide();
  if (!('chatModel' in next)) {
    if (next.pendingApprovals.length > 0)
      yield { type: 'approval-required', round: next.rounds, approvals: next.pendingApprovals };
    yield finishedEvent(next);
    return;
  }
  const events = streamThroughAdvisors(withAdvisors(next), stop);
  try {
    for (let result = await events.next(); !result.done; result = await events.next()) yield result.value;
  } finally {
    await events.return?.();
  }
}
