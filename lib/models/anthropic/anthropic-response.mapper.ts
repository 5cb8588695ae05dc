import type {
  Message,
  MessageDeltaUsage,
  Usage as AnthropicUsage,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatResponse, FinishReason, Usage } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';

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
  return {
    message: { role: 'assistant', content, toolCalls },
    finishReason: toFinishReason(message.stop_reason),
    usage: toUsage(message.usage),
    metadata: responseMetadata(message.id, message.model, message.stop_reason, message.stop_sequence),
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
    count(usage.input_tokens) +
    count(usage.cache_creation_input_tokens) +
    count(usage.cache_read_input_tokens);
  const completionTokens = count(usage.output_tokens);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export function responseMetadata(
  id: string | undefined,
  model: string | undefined,
  stopReason: string | null | undefined,
  stopSequence: string | null | undefined,
): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    ...(model ? { model } : {}),
    finishReason: stopReason ?? null,
    ...(stopSequence ? { stopSequence } : {}),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
