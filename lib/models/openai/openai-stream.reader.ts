import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatResponseChunk } from '../../chat/model/chat-model';
import type { Usage } from '../../chat/model/chat-response';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, type ModelEndpoint } from '../../errors/messages/models.messages';
import { toolArgumentsText } from '../tool-arguments.text';
import { responseMetadata } from '../response-parts';
import { newToolCallId, toFinishReason, toUsage } from './openai-response.mapper';

interface ToolCallState {
  readonly index: number;
  idSent: boolean;
  nameSent: boolean;
}

/**
 * Reads the chunks of a streamed chat completion (first choice only) into the port's chunks: text deltas, tool-call
 * fragments, and one `finish` at the end with the usage of the last chunk (`stream_options.include_usage`).
 *
 * Tool calls are renumbered 0, 1, 2… in order of appearance, whatever index the server gave them, and their id
 * and name are sent once, with their first fragment. A stream that ends without a finish reason was cut:
 * `ChatModelResponseError`.
 */
export async function* readOpenAiStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  endpoint: ModelEndpoint,
): AsyncGenerator<ChatResponseChunk> {
  const toolCalls = new Map<string, ToolCallState>();
  let lastKey: string | undefined;
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  let id: string | undefined;
  let model: string | undefined;

  for await (const chunk of chunks) {
    id ??= chunk.id;
    model ??= chunk.model;
    if (chunk.usage) usage = toUsage(chunk.usage);
    const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0);
    if (!choice) continue;
    const delta = choice.delta ?? {};
    const text = delta.content || delta.refusal;
    if (text) yield { type: 'text-delta', text };
    for (const fragment of delta.tool_calls ?? []) {
      // A server that leaves out the index is assumed to send each call whole, or its fragments in a row.
      const key =
        typeof fragment.index === 'number'
          ? `#${fragment.index}`
          : fragment.id
            ? `id:${fragment.id}`
            : (lastKey ?? '#0');
      lastKey = key;
      let state = toolCalls.get(key);
      if (!state) {
        state = { index: toolCalls.size, idSent: false, nameSent: false };
        toolCalls.set(key, state);
      }
      const name = fragment.function?.name;
      const argumentsDelta = toolArgumentsText(fragment.function?.arguments);
      const sendId = !state.idSent && (Boolean(fragment.id) || Boolean(name));
      const sendName = !state.nameSent && Boolean(name);
      if (!sendId && !sendName && !argumentsDelta) continue;
      state.idSent ||= sendId;
      state.nameSent ||= sendName;
      yield {
        type: 'tool-call-delta',
        index: state.index,
        ...(sendId ? { id: fragment.id || newToolCallId() } : {}),
        ...(sendName ? { name } : {}),
        ...(argumentsDelta ? { argumentsDelta } : {}),
      };
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }

  if (finishReason === undefined) {
    throw new ChatModelResponseError(
      endpoint.provider,
      ModelMessages.streamCut(endpoint, 'no chunk carried a finish_reason'),
    );
  }
  yield {
    type: 'finish',
    finishReason: toFinishReason(finishReason, toolCalls.size > 0),
    usage,
    metadata: responseMetadata(id, model, finishReason),
  };
}
