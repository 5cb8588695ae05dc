import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../chat/model/chat-model';
import type { ChatResponse, FinishReason, Usage } from '../chat/model/chat-response';
import { assistantMessage, type Message, type ToolCall, type ToolResponse } from '../chat/model/messages';
import type { Prompt } from '../chat/model/prompt';
import { ScriptExhaustedError } from '../errors/script-exhausted.error';
import { previewValue } from '../errors/messages/tool.messages';
import { partBytes } from '../tool/result/part-bytes';

/** A tool call in a script; `arguments` may be an object (serialised as JSON) and `id` is made up when absent. */
export interface ScriptedToolCall {
  /** The call's id; made up when absent. */
  readonly id?: string;
  /** The tool to call. */
  readonly name: string;
  /** The arguments: JSON text (possibly invalid, to test that path) or an object serialised as JSON. */
  readonly arguments?: string | Readonly<Record<string, unknown>>;
}

/** One scripted model response. */
export interface ScriptedTurn {
  /** The assistant's text. */
  readonly text?: string;
  /** The tools the model calls in this turn. */
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** The token usage to report. */
  readonly usage?: Usage;
  /**
   * Why the turn ended.
   * @defaultValue `'tool_calls'` when there are tool calls, else `'stop'`
   */
  readonly finishReason?: FinishReason;
  /** Provider metadata to report with the response. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A response: its text alone, or a full turn. */
export type ScriptedResponse = string | ScriptedTurn;

/**
 * The responses, in order; or a function of each request (and its 0-based number) that returns one, possibly
 * asynchronously. A function that returns `undefined` ends the script.
 */
export type ChatScript =
  | readonly ScriptedResponse[]
  | ((prompt: Prompt, index: number) => ScriptedResponse | undefined | Promise<ScriptedResponse | undefined>);

/** How a `ScriptedChatModel` streams. */
export interface ScriptedChatModelOptions {
  /**
   * Characters per streamed text chunk and per tool-argument fragment.
   * @defaultValue 4
   */
  readonly chunkSize?: number;
}

/** A request the model received: a snapshot of its messages, tool definitions and options. */
export interface RecordedChatRequest extends Prompt {
  /** Whether it came through `stream()` rather than `call()`. */
  readonly streamed: boolean;
}

/**
 * A `ChatModel` for tests: it answers from a script and records every request it receives (messages, tool
 * definitions, options), so that a test can check what a real model would have been sent.
 *
 * ```ts
 * const model = new ScriptedChatModel([
 *   { toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }] },
 *   'It is sunny in Paris.',
 * ]);
 * ```
 *
 * `stream()` sends the same responses in pieces: text in chunks, each tool call as a first fragment (index, id,
 * name) followed by its arguments in fragments, the fragments of several calls interleaved. A request beyond the
 * script rejects with `ScriptExhaustedError`. An aborted signal rejects with its reason.
 */
export class ScriptedChatModel implements ChatModel {
  private readonly recorded: RecordedChatRequest[] = [];
  private readonly chunkSize: number;

  constructor(
    private readonly script: ChatScript,
    options: ScriptedChatModelOptions = {},
  ) {
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? 4));
  }

  /** Every request received, in order. */
  get requests(): readonly RecordedChatRequest[] {
    return this.recorded;
  }

  /** The last request received. */
  get lastRequest(): RecordedChatRequest | undefined {
    return this.recorded[this.recorded.length - 1];
  }

  /**
   * The tool results a request (the last by default, else the 0-based `index`) brought the model: those of its tool
   * messages after its last assistant message, with their `content` (images, files…) and `structuredContent` as the
   * model's adapter receives them.
   */
  toolResponses(index = this.recorded.length - 1): readonly ToolResponse[] {
    const messages = this.recorded[index]?.messages ?? [];
    const responses: ToolResponse[] = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role !== 'assistant'; i--) {
      const message = messages[i];
      if (message.role === 'tool') responses.unshift(...message.responses);
    }
    return responses;
  }

  /** The next scripted response; rejects with `ScriptExhaustedError` when the script has none left. */
  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    return this.respond(prompt, false, options.signal);
  }

  /** The next scripted response in chunks of `chunkSize` characters, then its finish. */
  async *stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncIterable<ChatResponseChunk> {
    const signal = options.signal;
    const response = await this.respond(prompt, true, signal);
    const { content, toolCalls } = response.message;
    for (let i = 0; i < content.length; i += this.chunkSize) {
      signal?.throwIfAborted();
      yield { type: 'text-delta', text: content.slice(i, i + this.chunkSize) };
    }
    for (const fragment of this.toolCallFragments(toolCalls)) {
      signal?.throwIfAborted();
      yield fragment;
    }
    yield {
      type: 'finish',
      finishReason: response.finishReason,
      ...(response.usage && { usage: response.usage }),
      ...(response.metadata && { metadata: response.metadata }),
    };
  }

  private async respond(
    prompt: Prompt,
    streamed: boolean,
    signal: AbortSignal | undefined,
  ): Promise<ChatResponse> {
    signal?.throwIfAborted();
    const index = this.recorded.length;
    this.recorded.push({
      messages: [...prompt.messages],
      tools: [...prompt.tools],
      options: { ...prompt.options },
      streamed,
    });
    let scripted: ScriptedResponse | undefined;
    if (typeof this.script === 'function') {
      scripted = await abortable(Promise.resolve(this.script(prompt, index)), signal);
      if (scripted === undefined) throw exhausted(index, undefined, prompt.messages);
    } else {
      if (index >= this.script.length) throw exhausted(index, this.script.length, prompt.messages);
      scripted = this.script[index];
    }
    return toResponse(scripted, index);
  }

  /** First fragments of every call, then their arguments piece by piece, round-robin across calls. */
  private *toolCallFragments(toolCalls: readonly ToolCall[]): Generator<ChatResponseChunk> {
    for (let index = 0; index < toolCalls.length; index++) {
      const { id, name } = toolCalls[index];
      yield { type: 'tool-call-delta', index, id, name };
    }
    const size = this.chunkSize;
    const longest = Math.max(0, ...toolCalls.map((call) => call.arguments.length));
    for (let offset = 0; offset < longest; offset += size) {
      for (let index = 0; index < toolCalls.length; index++) {
        const piece = toolCalls[index].arguments.slice(offset, offset + size);
        if (piece) yield { type: 'tool-call-delta', index, argumentsDelta: piece };
      }
    }
  }
}

function toResponse(scripted: ScriptedResponse, index: number): ChatResponse {
  const turn: ScriptedTurn = typeof scripted === 'string' ? { text: scripted } : scripted;
  const toolCalls: ToolCall[] = (turn.toolCalls ?? []).map((call, i) => ({
    id: call.id ?? `call_${index + 1}_${i + 1}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  return {
    message: assistantMessage(turn.text ?? '', toolCalls),
    finishReason: turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    ...(turn.usage && { usage: turn.usage }),
    ...(turn.metadata && { metadata: turn.metadata }),
  };
}

function exhausted(
  index: number,
  length: number | undefined,
  messages: readonly Message[],
): ScriptExhaustedError {
  return new ScriptExhaustedError(index + 1, length, describeMessage(messages[messages.length - 1]));
}

function describeMessage(message: Message | undefined): string {
  if (!message) return 'none';
  if (message.role === 'tool') {
    return `tool results ${message.responses.map((r) => `${r.name}: ${previewValue(r.result)}${mediaOf(r)}`).join(', ')}`;
  }
  if (message.role === 'assistant' && message.toolCalls.length > 0) {
    return `assistant tool calls ${message.toolCalls.map((call) => call.name).join(', ')}`;
  }
  return `${message.role}: ${previewValue(message.content)}`;
}

/** The media of a rich result, by type and size (never their bytes): ` (+ image/png 1234 bytes)`. */
function mediaOf(response: ToolResponse): string {
  const media = (response.content ?? []).filter((part) => part.type !== 'text');
  if (media.length === 0) return '';
  const described = media.map((part) =>
    'mediaType' in part && part.mediaType !== undefined
      ? `${part.type} ${part.mediaType} ${partBytes(part)} bytes`
      : part.type,
  );
  return ` (+ ${described.join(', ')})`;
}

/** Settles with the promise, or rejects with the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
