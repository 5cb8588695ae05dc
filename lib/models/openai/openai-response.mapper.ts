import { randomUUID } from 'node:crypto';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { ChatResponse, FinishReason, Usage } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, type ModelEndpoint } from '../../errors/messages/models.messages';
import { toolArgumentsText } from '../tool-arguments.text';
import { responseMetadata, tokenCount, usageOf } from '../response-parts';

/** The first choice of a chat completion as a `ChatResponse`. */
export function fromOpenAiCompletion(completion: ChatCompletion, endpoint: ModelEndpoint): ChatResponse {
  const choice = completion.choices?.find((c) => (c.index ?? 0) === 0) ?? completion.choices?.[0];
  if (!choice) throw new ChatModelResponseError(endpoint.provider, ModelMessages.noChoices(endpoint));
  const message = choice.message ?? { content: null, refusal: null };
  const toolCalls: ToolCall[] = [];
  for (const call of message.tool_calls ?? []) {
    if (call.type !== undefined && call.type !== 'function') continue;
    toolCalls.push({
      id: call.id || newToolCallId(),
      name: call.function?.name ?? '',
      arguments: toolArgumentsText(call.function?.arguments),
    });
  }
  return {
    message: { role: 'assistant', content: message.content ?? message.refusal ?? '', toolCalls },
    finishReason: toFinishReason(choice.finish_reason, toolCalls.length > 0),
    usage: toUsage(completion.usage),
    metadata: responseMetadata(completion.id, completion.model, choice.finish_reason, {
      refusal: message.refusal,
    }),
  };
}

/**
 * OpenAI's finish reason in the port's terms. Some OpenAI-compatible servers say `stop` when the model asked for
 * tools: with tool calls present, that is `tool_calls`.
 */
export function toFinishReason(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'stop':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}

/** Token usage; missing counts are 0, and no usage at all is `undefined`. */
export function toUsage(usage: CompletionUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  return usageOf(tokenCount(usage.prompt_tokens), tokenCount(usage.completion_tokens), usage.total_tokens);
}

/** For servers that send tool calls without an id: the id links a result to its call. */
export function newToolCallId(): string {
  return `call_${randomUUID().replace(/-/g, '')}`;
}
