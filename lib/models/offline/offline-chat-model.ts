import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import type { AssistantMessage, Message, ToolResponse } from '../../chat/model/messages';
import type { Prompt } from '../../chat/model/prompt';
import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { OfflineModelMessages } from '../../errors/messages/offline-model.messages';
import { composeAnswer, helpText, refuseChange } from './offline-answer.composer';
import type { OfflineChatModelSettings } from './offline-chat-model-settings';
import { planToolCalls, unavailableChange } from './offline-tool.planner';

/** `new OfflineChatModel(options)`: the settings without `provider`. */
export type OfflineChatModelOptions = Omit<OfflineChatModelSettings, 'provider'>;

/**
 * A chat model that is NOT a language model, for trying an app with no network and no API key
 * (`TOOL_CALLING_PROVIDER=offline`). Deterministic: it picks the offered tools whose names and descriptions match
 * words of the question, fills their arguments from the question and their JSON Schemas (defaults, examples, enums,
 * a value of the right type), and answers with the tool results, saying each time that it is not a language model.
 * Refused when `NODE_ENV` is `production`.
 */
export class OfflineChatModel implements ChatModel {
  /** `gen_ai.provider.name` in traces. */
  readonly providerName = 'offline';
  /** `gen_ai.request.model` in traces: `offline` unless set. */
  readonly model: string;
  private readonly synonyms: Readonly<Record<string, string>>;
  private callCount = 0;

  constructor(options: OfflineChatModelOptions = {}) {
    if (process.env.NODE_ENV === 'production')
      throw new ChatModelConfigurationError(
        'offline',
        OfflineModelMessages.refusedInProduction(),
        'provider',
      );
    this.model = options.model ?? 'offline';
    this.synonyms = { ...options.synonyms };
  }

  /** One answer: tool calls picked from the question, or, after a tool round, the answer made of their results. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async, so that a throw in respond() rejects
  async call(prompt: Prompt): Promise<ChatResponse> {
    return this.respond(prompt);
  }

  /** The same answer in pieces: its words, then each tool call's arguments in two halves. */
  async *stream(prompt: Prompt, options?: ChatModelCallOptions): AsyncIterable<ChatResponseChunk> {
    const response = this.respond(prompt);
    const { content, toolCalls } = response.message;
    for (const word of content.match(/\S+\s*/g) ?? []) {
      options?.signal?.throwIfAborted();
      // Let the event loop turn, as a network stream would: a page shows the text arriving.
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
    const question = lastUserText(prompt.messages);
    const message =
      prompt.messages[prompt.messages.length - 1]?.role === 'tool'
        ? answer(composeAnswer(question, toolResponsesSinceQuestion(prompt.messages)))
        : this.plan(question, prompt);
    const promptTokens = countWords(prompt.messages);
    const completionTokens = countWords([message]);
    return {
      message,
      finishReason: message.toolCalls.length > 0 ? 'tool_calls' : 'stop',
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      metadata: { model: this.model },
    };
  }

  private plan(question: string, prompt: Prompt): AssistantMessage {
    const refused = unavailableChange(question, prompt.tools, this.synonyms);
    if (refused) return answer(refuseChange(refused));
    const toolCalls = planToolCalls(question, prompt.tools, this.synonyms).map((call) => ({
      id: `call_${++this.callCount}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    }));
    return toolCalls.length > 0
      ? { role: 'assistant', content: '', toolCalls }
      : answer(helpText(prompt.tools));
  }
}

function answer(content: string): AssistantMessage {
  return { role: 'assistant', content, toolCalls: [] };
}

function lastUserText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role === 'user') return message.content;
  }
  return '';
}

function toolResponsesSinceQuestion(messages: readonly Message[]): ToolResponse[] {
  const responses: ToolResponse[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].role !== 'user'; i--) {
    const message = messages[i];
    if (message.role === 'tool') responses.unshift(...message.responses);
  }
  return responses;
}

function countWords(messages: readonly Message[]): number {
  let words = 0;
  for (const message of messages) {
    const text =
      message.role === 'tool'
        ? message.responses.map((response) => response.result).join(' ')
        : message.role === 'assistant'
          ? message.content + message.toolCalls.map((call) => call.arguments).join(' ')
          : message.content;
    words += text.split(/\s+/).filter(Boolean).length;
  }
  return words;
}
