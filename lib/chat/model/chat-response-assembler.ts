import type { ChatResponseChunk } from './chat-model';
import type { ChatResponse, FinishReason, Usage } from './chat-response';
import { assistantMessage, type ToolCall } from './messages';

interface PartialToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

/**
 * Told each piece of a tool call's arguments as it arrives, with the call's id and name. A piece that arrives before
 * the call's id and name is told with the next piece after them, or at the end (the call then gets the id
 * `toResponse()` gives it).
 */
export type ToolInputListener = (toolCallId: string, toolName: string, delta: string) => void;

/**
 * Builds one `ChatResponse` from the chunks of a streamed model response: text deltas are concatenated, tool-call
 * fragments are assembled by `index` (they may be interleaved), the last `finish` chunk gives the finish reason and
 * usage. Calls numbered 0, 1, 2… as providers do are kept in an array; any other numbering in a map, sorted at the
 * end.
 */
export class ChatResponseAssembler {
  private text = '';
  private calls: PartialToolCall[] | undefined;
  private callsByIndex: Map<number, PartialToolCall> | undefined;
  private finishReason: FinishReason | undefined;
  private usage: Usage | undefined;
  private metadata: Readonly<Record<string, unknown>> | undefined;
  private messageMetadata: Readonly<Record<string, unknown>> | undefined;

  /** By call index: how much of its arguments the listener was told (with a listener only). */
  private readonly reported: Map<number, number> | undefined;

  /** `onToolInput`, when given, is told the arguments of each tool call as they arrive. */
  constructor(private readonly onToolInput?: ToolInputListener) {
    if (onToolInput !== undefined) this.reported = new Map();
  }

  /** Takes a chunk; returns its text, if it carries some. */
  add(chunk: ChatResponseChunk): string | undefined {
    switch (chunk.type) {
      case 'text-delta':
        this.text += chunk.text;
        return chunk.text;
      case 'tool-call-delta': {
        const call = this.callAt(chunk.index);
        if (call === undefined) {
          this.addCall(chunk.index, {
            id: chunk.id,
            name: chunk.name,
            arguments: chunk.argumentsDelta ?? '',
          });
        } else {
          call.id ??= chunk.id;
          call.name ??= chunk.name;
          if (chunk.argumentsDelta) call.arguments += chunk.argumentsDelta;
        }
        if (this.onToolInput !== undefined) this.reportInput(chunk.index, this.callAt(chunk.index)!);
        return undefined;
      }
      case 'finish':
        this.finishReason = chunk.finishReason;
        this.usage = chunk.usage ?? this.usage;
        this.metadata = chunk.metadata ?? this.metadata;
        this.messageMetadata = chunk.messageMetadata ?? this.messageMetadata;
        return undefined;
    }
  }

  /**
   * The whole response. A call that never got an id is given `call_<round>_<index>`; one without a name keeps an
   * empty name (the loop answers it as an unknown tool).
   */
  toResponse(round: number): ChatResponse {
    if (this.onToolInput !== undefined) this.reportRest(round);
    let toolCalls: ToolCall[] = [];
    if (this.callsByIndex) {
      const byIndex = this.callsByIndex;
      const indexes = [...byIndex.keys()].sort((a, b) => a - b);
      toolCalls = indexes.map((index) => complete(byIndex.get(index)!, round, index));
    } else if (this.calls) {
      const calls = this.calls;
      for (let index = 0; index < calls.length; index++) calls[index] = complete(calls[index], round, index);
      toolCalls = calls as ToolCall[];
    }
    return {
      message: assistantMessage(this.text, toolCalls, this.messageMetadata),
      finishReason: this.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      usage: this.usage,
      metadata: this.metadata,
    };
  }

  private reportInput(index: number, call: PartialToolCall): void {
    const reported = this.reported!.get(index) ?? 0;
    if (call.id === undefined || call.name === undefined || call.arguments.length === reported) return;
    this.reported!.set(index, call.arguments.length);
    this.onToolInput!(call.id, call.name, reported === 0 ? call.arguments : call.arguments.slice(reported));
  }

  /** The arguments not told yet, of calls that never got an id or a name, under the id and name they will have. */
  private reportRest(round: number): void {
    const entries = this.callsByIndex
      ? [...this.callsByIndex]
      : (this.calls ?? []).map((c, i) => [i, c] as const);
    for (const [index, call] of entries) {
      const reported = this.reported!.get(index) ?? 0;
      if (call.arguments.length === reported) continue;
      this.reported!.set(index, call.arguments.length);
      const { id, name } = complete(call, round, index);
      this.onToolInput!(id, name, call.arguments.slice(reported));
    }
  }

  private callAt(index: number): PartialToolCall | undefined {
    return this.callsByIndex ? this.callsByIndex.get(index) : this.calls?.[index];
  }

  private addCall(index: number, call: PartialToolCall): void {
    if (this.calls === undefined && index === 0) {
      this.calls = [call];
      return;
    }
    const calls = (this.calls ??= []);
    if (this.callsByIndex === undefined && index === calls.length) {
      calls.push(call);
      return;
    }
    if (this.callsByIndex === undefined) {
      this.callsByIndex = new Map(calls.map((earlier, i) => [i, earlier]));
    }
    this.callsByIndex.set(index, call);
  }
}

/** The call itself when it has an id and a name (the assembler is done with it), else a completed copy. */
function complete(call: PartialToolCall, round: number, index: number): ToolCall {
  if (call.id !== undefined && call.name !== undefined) return call as ToolCall;
  return { id: call.id ?? `call_${round}_${index}`, name: call.name ?? '', arguments: call.arguments };
}
