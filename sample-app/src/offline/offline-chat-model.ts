import type {
  AssistantMessage,
  ChatModel,
  ChatResponse,
  ChatResponseChunk,
  Message,
  Prompt,
  ToolCall,
  ToolDefinition,
  ToolResponse,
} from 'nestjs-tool-calling';
import { planToolCalls, unavailableChange } from './offline-tool-planner';
import { composeAnswer } from './offline-answer-composer';

/**
 * THE OFFLINE DEMO MODEL — not a language model. It lets the sample app run the real tool-calling loop with no
 * network and no API key, deterministically: it reads the tool definitions it is given, picks the tools whose names
 * and descriptions match words of the question, fills their arguments from the question, and composes its answer
 * from the tool results. Configure a provider's variables (OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY,
 * AZURE_OPENAI_*, GEMINI_API_KEY; TOOL_CALLING_PROVIDER=openai-responses for the Responses API) to use a real model.
 */
export class OfflineChatModel implements ChatModel {
  /** `gen_ai.provider.name` in traces. */
  readonly providerName = 'offline-demo';
  readonly model = 'support-desk-offline';
  private callCount = 0;

  // eslint-disable-next-line @typescript-eslint/require-await -- async, so that a throw in respond() rejects
  async call(prompt: Prompt): Promise<ChatResponse> {
    return this.respond(prompt);
  }

  async *stream(prompt: Prompt, options?: { signal?: AbortSignal }): AsyncIterable<ChatResponseChunk> {
    const response = this.respond(prompt);
    const { content, toolCalls } = response.message;
    for (const word of content.match(/\S+\s*/g) ?? []) {
      if (options?.signal?.aborted) throw options.signal.reason;
      // Let the event loop turn, as a network stream would; the chat page then shows the text arriving.
      await new Promise((resolve) => setImmediate(resolve));
      yield { type: 'text-delta', text: word };
    }
    for (let index = 0; index < toolCalls.length; index++) {
      const call = toolCalls[index];
      const half = Math.ceil(call.arguments.length / 2);
      yield {
        type: 'tool-call-delta',
        index,
        id: call.id,
        name: call.name,
        argumentsDelta: call.arguments.slice(0, half),
      };
      yield { type: 'tool-call-delta', index, argumentsDelta: call.arguments.slice(half) };
    }
    yield { type: 'finish', finishReason: response.finishReason, usage: response.usage };
  }

  private respond(prompt: Prompt): ChatResponse {
    const last = prompt.messages[prompt.messages.length - 1];
    const question = lastUserText(prompt.messages);
    let message: AssistantMessage;
    if (last?.role === 'tool') {
      message = {
        role: 'assistant',
        content: composeAnswer(question, toolRoundsSinceQuestion(prompt.messages)),
        toolCalls: [],
      };
    } else {
      const missing = unavailableChange(question, prompt.tools);
      const planned = missing ? [] : planToolCalls(question, prompt.tools);
      const toolCalls: ToolCall[] = planned.map((call) => ({
        id: `call_${++this.callCount}`,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      }));
      const content = missing
        ? `I may not ${missing} that for you: none of the tools I was given can ${missing} anything.`
        : toolCalls.length
          ? ''
          : helpText(prompt.tools);
      message = { role: 'assistant', content, toolCalls };
    }
    const promptTokens = countWords(prompt.messages);
    const completionTokens = countWords([message]);
    return {
      message,
      finishReason: message.toolCalls.length ? 'tool_calls' : 'stop',
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      metadata: { model: 'offline-demo' },
    };
  }
}

function lastUserText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === 'user') return message.content;
  }
  return '';
}

function toolRoundsSinceQuestion(messages: readonly Message[]): ToolResponse[] {
  const responses: ToolResponse[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].role !== 'user'; i--) {
    const message = messages[i];
    if (message.role === 'tool') responses.unshift(...message.responses);
  }
  return responses;
}

function helpText(tools: readonly ToolDefinition[]): string {
  if (tools.length === 0)
    return 'I am the offline demo model, and no tools were offered to me, so I cannot help with that.';
  return (
    'I am the offline demo model: I answer by calling tools whose names match words of your question. I can: ' +
    tools.map((tool) => tool.description.replace(/\.$/, '')).join('; ') +
    '.'
  );
}

function countWords(messages: readonly Message[]): number {
  let words = 0;
  for (const message of messages) {
    const text =
      message.role === 'tool'
        ? message.responses.map((r) => r.result).join(' ')
        : message.role === 'assistant'
          ? message.content + message.toolCalls.map((c) => c.arguments).join(' ')
          : message.content;
    words += text.split(/\s+/).filter(Boolean).length;
  }
  return words;
}
