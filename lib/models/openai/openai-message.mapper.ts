import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, Message } from '../../chat/model/messages';
import { flatConversation } from '../conversation.mapping';
import { toOpenAiResultMedia, toOpenAiToolMessage } from './openai-tool-result.mapper';

/**
 * The conversation in OpenAI's chat completions format: `system`, `user`, `assistant` (with `tool_calls`) and one
 * `tool` message per tool result, answering its call by `tool_call_id`. OpenAI has no error flag on tool results: a
 * failed call's result text says what went wrong. A tool message takes only text: the images, audio and files of
 * the results follow in one user message after the tool messages of a round.
 */
export function toOpenAiMessages(messages: readonly Message[]): ChatCompletionMessageParam[] {
  return flatConversation<ChatCompletionMessageParam>(messages, {
    text: (message) => ({ role: message.role, content: message.content }),
    assistant: (message) => [toAssistantMessage(message)],
    result: toOpenAiToolMessage,
    afterResults: toOpenAiResultMedia,
  });
}

function toAssistantMessage(message: AssistantMessage): ChatCompletionAssistantMessageParam {
  if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
  return {
    role: 'assistant',
    content: message.content === '' ? null : message.content,
    tool_calls: message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    })),
  };
}
