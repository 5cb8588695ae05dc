import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { Message } from '../../chat/model/messages';
import { toolArgumentsObject } from '../tool-arguments.text';
import { turnConversation } from '../conversation.mapping';
import { toAnthropicToolResult } from './anthropic-tool-result.mapper';
import { toolSearchBlocks } from './anthropic-tool-search';

/** A conversation in Anthropic's Messages format: the system prompt apart, then alternating user/assistant turns. */
export interface AnthropicConversation {
  readonly system?: string;
  readonly messages: MessageParam[];
}

/**
 * Maps the conversation: system messages are joined into the separate system prompt; an assistant message becomes a
 * `text` block and one `tool_use` block per call (its JSON arguments parsed into `input`); tool results become
 * `tool_result` blocks (`is_error` on failures; a result of parts as text, image and document blocks) in a user turn. Consecutive turns of one role are merged, so the
 * results of parallel calls travel in one user message, before any text, as Anthropic requires. Empty text blocks,
 * which Anthropic refuses, are left out.
 */
export function toAnthropicConversation(messages: readonly Message[]): AnthropicConversation {
  const { system, turns } = turnConversation<'assistant', ContentBlockParam>(messages, {
    modelRole: 'assistant',
    user: (message) => textBlocks(message.content),
    assistant: (message) => [
      ...toolSearchBlocks(message.metadata),
      ...textBlocks(message.content),
      ...message.toolCalls.map((call): ContentBlockParam => ({
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: toolArgumentsObject(call.arguments),
      })),
    ],
    results: (responses) => responses.map(toAnthropicToolResult),
  });
  return {
    ...(system !== undefined ? { system } : {}),
    messages: turns.map((turn) => ({ role: turn.role, content: toolResultsFirst(turn.parts) })),
  };
}

function textBlocks(text: string): ContentBlockParam[] {
  return text ? [{ type: 'text', text }] : [];
}

function toolResultsFirst(blocks: ContentBlockParam[]): ContentBlockParam[] {
  const results = blocks.filter((block) => block.type === 'tool_result');
  return results.length === 0 || results.length === blocks.length
    ? blocks
    : [...results, ...blocks.filter((block) => block.type !== 'tool_result')];
}
