import type { ChatResponseChunk } from './chat-model';
import type { ChatResponse, FinishReason, Usage } from './chat-response';
import { assistantMessage, type ToolCall } from './messages';

interface PartialToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

/**
 * Builds one `ChatResponse` from the chunks of a streamed model response: text deltas are concatenated, tool-call
 * fragments are assembled by `index` (they may be interleaved), the last `finish` chunk gives the finish reason and
 * usage.
 */
export class ChatResponseAssembler {
  private text = '';
  private calls: Map<number, PartialToolCall> | undefined;
  private finishReason: FinishReason | undefined;
  private usage: Usage | undefined;
  private metadata: Readonly<Record<string, unknown>> | undefined;
  private messageMetadata: Readonly<Record<string, unknown>> | undefined;

  /** Takes a chunk; returns its text, if it carries some. */
  add(chunk: ChatResponseChunk): string | undefined {
    switch (chunk.type) {
      case 'text-delta':
        this.text += chunk.text;
        return chunk.text;
      case 'tool-call-delta': {
        const calls = (this.calls ??= new Map<number, PartialToolCall>());
        const call = calls.get(chunk.index);
        if (call === undefined) {
          calls.set(chunk.index, { id: chunk.id, name: chunk.name, arguments: chunk.argumentsDelta ?? '' });
        } else {
          call.id ??= chunk.id;
          call.name ??= chunk.name;
          if (chunk.argumentsDelta) call.arguments += chunk.argumentsDelta;
        }
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
    let toolCalls: ToolCall[] = [];
    if (this.calls) {
      const indexes = [...this.calls.keys()].sort((a, b) => a - b);
      toolCalls = indexes.map((index) => {
        const call = this.calls!.get(index)!;
        return { id: call.id ?? `call_${round}_${index}`, name: call.name ?? '', arguments: call.arguments };
      });
    }
    return {
      message: assistantMessage(this.text, toolCalls, this.messageMetadata),
      finishReason: this.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      usage: this.usage,
      metadata: this.metadata,
    };
  }
}
