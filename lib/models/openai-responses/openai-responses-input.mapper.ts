import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { AssistantMessage, Message } from '../../chat/model/messages';
import { isRecord } from '../../util/is-record';
import { flatConversation } from '../conversation.mapping';
import { toResponsesToolOutput } from './openai-responses-tool-result.mapper';
import { toolSearchItems } from './openai-responses-tool-search';

/** Where the adapter keeps what a later request needs back, in `AssistantMessage.metadata`. */
export const RESPONSES_METADATA_KEY = 'openai-responses';

/**
 * What the adapter keeps with an assistant message: the reasoning items that came before its tool calls, and the
 * items of OpenAI's tool search (which deferred tools it loaded).
 */
export interface ResponsesMessageState {
  readonly reasoning: readonly ResponseInputItem[];
  readonly toolSearch?: readonly ResponseInputItem[];
}

/**
 * The conversation as Responses API input items: `system`, `user` and `assistant` messages, one `function_call`
 * item per tool call and one `function_call_output` item per result, matched by `call_id` (a result of parts as a list of input
 * text, image and file items). The reasoning items an
 * assistant message carries in its metadata go back just before it, so that a reasoning model keeps its reasoning
 * across tool calls. The Responses API has no error flag on results: a failed call's text says what went wrong.
 */
export function toResponsesInput(messages: readonly Message[]): ResponseInputItem[] {
  return flatConversation<ResponseInputItem>(messages, {
    text: (message) => ({ role: message.role, content: message.content }),
    assistant: assistantItems,
    result: toResponsesToolOutput,
  });
}

function assistantItems(message: AssistantMessage): ResponseInputItem[] {
  const items: ResponseInputItem[] = [...reasoningOf(message), ...toolSearchOf(message)];
  if (message.content !== '' || message.toolCalls.length === 0) {
    items.push({ role: 'assistant', content: message.content });
  }
  for (const call of message.toolCalls) {
    items.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments });
  }
  return items;
}

function reasoningOf(message: AssistantMessage): readonly ResponseInputItem[] {
  const state = message.metadata?.[RESPONSES_METADATA_KEY] as Partial<ResponsesMessageState> | undefined;
  const reasoning: unknown = state?.reasoning;
  return Array.isArray(reasoning) ? (reasoning as readonly ResponseInputItem[]) : [];
}

function toolSearchOf(message: AssistantMessage): readonly ResponseInputItem[] {
  const state = message.metadata?.[RESPONSES_METADATA_KEY] as Partial<ResponsesMessageState> | undefined;
  const items: unknown = state?.toolSearch;
  return Array.isArray(items) ? toolSearchItems(items) : [];
}

/**
 * The reasoning items of a response (and its tool search items) as they can be sent back: with `store: false` only
 * the reasoning items that carry their `encrypted_content` (an id alone refers to a stored item); `undefined` when
 * there are none.
 */
export function replayableReasoning(
  output: readonly unknown[],
  store: boolean,
): Readonly<Record<string, unknown>> | undefined {
  const reasoning: ResponseInputItem[] = [];
  for (const item of output) {
    if (!isRecord(item) || item.type !== 'reasoning' || typeof item.id !== 'string') continue;
    const encrypted = typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined;
    if (!store && encrypted === undefined) continue;
    reasoning.push({
      type: 'reasoning',
      id: item.id,
      summary: Array.isArray(item.summary) ? (item.summary as never) : [],
      ...(encrypted !== undefined ? { encrypted_content: encrypted } : {}),
    });
  }
  const toolSearch = toolSearchItems(output);
  if (reasoning.length === 0 && toolSearch.length === 0) return undefined;
  return { [RESPONSES_METADATA_KEY]: { reasoning, ...(toolSearch.length > 0 ? { toolSearch } : {}) } };
}
