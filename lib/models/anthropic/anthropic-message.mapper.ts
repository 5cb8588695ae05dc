import type {
  ContentBlockParam,
  MessageParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { Message } from '../../chat/model/messages';

/** A conversation in Anthropic's Messages format: the system prompt apart, then alternating user/assistant turns. */
export interface AnthropicConversation {
  readonly system?: string;
  readonly messages: MessageParam[];
}

/**
 * Maps the conversation: system messages are joined into the separate system prompt; an assistant message becomes a
 * `text` block and one `tool_use` block per call (its JSON arguments parsed into `input`); tool results become
 * `tool_result` blocks (`is_error` on failures) in a user turn. Consecutive turns of one role are merged, so the
 * results of parallel calls travel in one user message, before any text, as Anthropic requires. Empty text blocks,
 * which Anthropic refuses, are left out.
 */
export function toAnthropicConversation(messages: readonly Message[]): AnthropicConversation {
  const system: string[] = [];
  const turns: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const append = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        if (message.content) system.push(message.content);
        break;
      case 'user':
        append('user', textBlocks(message.content));
        break;
      case 'assistant':
        append('assistant', [
          ...textBlocks(message.content),
          ...message.toolCalls.map((call): ContentBlockParam => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: toolInput(call.arguments),
          })),
        ]);
        break;
      case 'tool':
        append(
          'user',
          message.responses.map((response): ToolResultBlockParam => ({
            type: 'tool_result',
            tool_use_id: response.id,
            content: response.result,
            ...(response.isError ? { is_error: true } : {}),
          })),
        );
        break;
    }
  }
  return {
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    messages: turns.map((turn) => ({ role: turn.role, content: toolResultsFirst(turn.content) })),
  };
}

function textBlocks(text: string): ContentBlockParam[] {
  return text ? [{ type: 'text', text }] : [];
}

/** The arguments a model wrote, as the object Anthropic wants back; `{}` when they are not a JSON object. */
function toolInput(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function toolResultsFirst(blocks: ContentBlockParam[]): ContentBlockParam[] {
  const results = blocks.filter((block) => block.type === 'tool_result');
  return results.length === 0 || results.length === blocks.length
    ? blocks
    : [...results, ...blocks.filter((block) => block.type !== 'tool_result')];
}
