import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { ChatResponseChunk } from '../../chat/model/chat-model';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, type ModelEndpoint } from '../../errors/messages/models.messages';
import { newToolCallId } from '../openai/openai-response.mapper';
import { toolArgumentsText } from '../tool-arguments.text';
import { replayableReasoning } from './openai-responses-input.mapper';
import {
  failedResponseError,
  responsesFinishReason,
  responsesUsage,
} from './openai-responses-response.mapper';
import { responseMetadata } from '../response-parts';

interface CallState {
  readonly index: number;
  /** Some argument text was sent as deltas (else the `done` event's full text is sent). */
  streamed: boolean;
}

/** What reading a Responses stream needs: whether responses are stored, and the secrets to keep out of errors. */
export interface ResponsesStreamSettings {
  readonly store: boolean;
  readonly secrets: readonly string[];
}

/**
 * Reads the events of a streamed Responses API request into the port's chunks: `response.output_text.delta` (and
 * refusals) as text, a `function_call` output item as the first fragment of a tool call (id and name), then its
 * `response.function_call_arguments.delta`s; a call whose arguments arrive only whole (`.done`, or the finished item)
 * gets them then. An `error` event and `response.failed` are typed errors. The last chunk comes from `response.completed` or `response.incomplete`, with the usage and the
 * reasoning items to send back; a stream that ends before it was cut.
 */
export function responsesStreamReader(settings: ResponsesStreamSettings) {
  return async function* readResponsesStream(
    events: AsyncIterable<ResponseStreamEvent>,
    endpoint: ModelEndpoint,
  ): AsyncGenerator<ChatResponseChunk> {
    const calls = new Map<string, CallState>();
    const callFor = (key: string): CallState => {
      let state = calls.get(key);
      if (!state) calls.set(key, (state = { index: calls.size, streamed: false }));
      return state;
    };
    let final: Response | undefined;

    for await (const event of events) {
      switch (event.type) {
        case 'response.output_text.delta':
        case 'response.refusal.delta':
          if (event.delta) yield { type: 'text-delta', text: event.delta };
          break;
        case 'response.output_item.added':
        case 'response.output_item.done': {
          const item = event.item;
          if (item?.type !== 'function_call') break;
          const key = item.id ?? `#${event.output_index}`;
          const isNew = !calls.has(key);
          const state = callFor(key);
          const text = toolArgumentsText(item.arguments);
          const sendArguments = event.type === 'response.output_item.done' && !state.streamed && text !== '';
          if (sendArguments) state.streamed = true;
          if (isNew || sendArguments) {
            yield {
              type: 'tool-call-delta',
              index: state.index,
              ...(isNew ? { id: item.call_id || newToolCallId(), name: item.name ?? '' } : {}),
              ...(sendArguments ? { argumentsDelta: text } : {}),
            };
          }
          break;
        }
        case 'response.function_call_arguments.delta': {
          const state = calls.get(event.item_id);
          if (!state || !event.delta) break;
          state.streamed = true;
          yield { type: 'tool-call-delta', index: state.index, argumentsDelta: event.delta };
          break;
        }
        case 'response.function_call_arguments.done': {
          const state = calls.get(event.item_id);
          const text = toolArgumentsText(event.arguments);
          if (!state || state.streamed || text === '') break;
          state.streamed = true;
          yield { type: 'tool-call-delta', index: state.index, argumentsDelta: text };
          break;
        }
        case 'response.failed':
          throw failedResponseError(event.response, endpoint, settings.secrets);
        case 'error':
          throw failedResponseError(
            { error: { code: event.code ?? '', message: event.message } } as never,
            endpoint,
            settings.secrets,
          );
        case 'response.completed':
        case 'response.incomplete':
          final = event.response;
          break;
      }
    }

    if (!final) {
      throw new ChatModelResponseError(
        endpoint.provider,
        ModelMessages.streamCut(endpoint, 'no response.completed event'),
      );
    }
    const messageMetadata = replayableReasoning(
      Array.isArray(final.output) ? final.output : [],
      settings.store,
    );
    yield {
      type: 'finish',
      finishReason: responsesFinishReason(final, calls.size > 0),
      usage: responsesUsage(final.usage),
      metadata: responseMetadata(final.id, final.model, final.status),
      ...(messageMetadata ? { messageMetadata } : {}),
    };
  };
}
