import type { ChatClientResponse } from '../chat/ports/chat-client-response';
import type { ChatStreamEvent } from '../chat/loop/chat-stream-event';
import { chatClientResponseOf } from '../chat/loop/finished-responses';
import type { RunProgress } from '../chat/ports/run-checkpoint';
import { restoreCheckpoint } from '../chat/loop/run-checkpoints';
import type { Message } from '../chat/model/messages';
import { toUIMessageChunks } from '../ui/ai-sdk/ui-message-stream';

const DONE = 'data: [DONE]\n\n';

/**
 * The events a worker that takes a run over replays before its own: the rounds its checkpoint saved (the model's
 * text and the tool calls with their results, after the run's last user message), so that the run's stream,
 * recorded again from the start, reads as one answer; and, when it stopped in a tool round, the results the
 * restored round starts with (saved ones, and "outcome unknown" for a plain tool cut mid-call), which the loop
 * does not run again. What the stopped worker streamed after its last checkpoint is not in it: that round is asked
 * again.
 */
export function replayedEvents(progress: RunProgress | undefined): ChatStreamEvent[] {
  if (progress === undefined) return [];
  const history: readonly Message[] = progress.checkpoint.history;
  let start = history.length;
  while (start > 0 && history[start - 1].role !== 'user') start--;
  const events: ChatStreamEvent[] = [];
  let round = 0;
  for (const message of history.slice(start)) {
    if (message.role === 'assistant') {
      round++;
      if (message.content) events.push({ type: 'text-delta', round, text: message.content });
      events.push({
        type: 'round-finished',
        round,
        finishReason: message.toolCalls.length > 0 ? 'tool_calls' : 'stop',
      });
      for (const toolCall of message.toolCalls) events.push({ type: 'tool-call-started', round, toolCall });
    } else if (message.role === 'tool') {
      for (const toolResponse of message.responses)
        events.push({ type: toolResponse.isError ? 'tool-error' : 'tool-result', round, toolResponse });
    }
  }
  const restored = restoreCheckpoint(progress);
  if ('resumption' in restored)
    for (const toolResponse of restored.resumption.responses)
      if (toolResponse !== null)
        events.push({ type: toolResponse.isError ? 'tool-error' : 'tool-result', round, toolResponse });
  return events;
}

/**
 * A run's stream as the AI SDK UI message stream (server-sent events, `[DONE]` last): the replayed events, then
 * the live ones; `onResponse` gets the call's whole response from its `finished` event. A cancelled run (`signal`)
 * ends with an `abort` chunk, as a stopped in-process stream does.
 */
export function runUIMessageStream(
  replayed: readonly ChatStreamEvent[],
  live: AsyncIterable<ChatStreamEvent>,
  onResponse: (response: ChatClientResponse) => void,
  signal?: AbortSignal,
): AsyncIterable<string> {
  async function* events(): AsyncGenerator<ChatStreamEvent> {
    yield* replayed;
    for await (const event of live) {
      if (event.type === 'finished') {
        const response = chatClientResponseOf(event);
        if (response !== undefined) onResponse(response);
      }
      yield event;
    }
  }
  return (async function* () {
    for await (const chunk of toUIMessageChunks(events(), signal ? { signal } : {}))
      yield `data: ${JSON.stringify(chunk)}\n\n`;
    yield DONE;
  })();
}
