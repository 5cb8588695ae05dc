import type {
  Message,
  MessageDeltaUsage,
  Usage as AnthropicUsage,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatResponse, FinishReason, Usage } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';
import { responseMetadata, tokenCount, usageOf } from '../response-parts';
import { toolSearchMetadata } from './anthropic-tool-search';

/** An Anthropic message as a `ChatResponse`: its text blocks joined, its `tool_use` blocks as tool calls. */
export function fromAnthropicMessage(message: Message): ChatResponse {
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') content += block.text;
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) });
    }
  }
  const searched = toolSearchMetadata(message.content ?? []);
  return {
    message: searched
      ? { role: 'assistant', content, toolCalls, metadata: searched }
      : { role: 'assistant', content, toolCalls },
    finishReason: toFinishReason(message.stop_reason),
    usage: toUsage(message.usage),
    metadata: responseMetadata(message.id, message.model, message.stop_reason, {
      stopSequence: message.stop_sequence,
    }),
  };
}

/** Anthropic's stop reason in the port's terms. */
export function toFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content_filter';
    default:
      return 'other';
  }
}

/**
 * Token usage: prompt tokens include those written to and read from the prompt cache; missing counts are 0, and
 * no usage at all is `undefined`.
 */
export function toUsage(
  usage: Partial<AnthropicUsage | MessageDeltaUsage> | null | undefined,
): Usage | undefined {
  if (!usage) return undefined;
  const promptTokens =
    tokenCount(usage.input_tokens) +
    tokenCount(usage.cache_creation_input_tokens) +
    tokenCount(usage.cache_read_input_tokens);
  return usageOf(promptTokens, tokenCount(usage.output_tokens));
}
