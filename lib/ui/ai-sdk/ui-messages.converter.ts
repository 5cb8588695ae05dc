import {
  assistantMessage,
  toolResponseMessage,
  userMessage,
  type Message,
  type ToolCall,
  type ToolResponse,
} from '../../chat/model/messages';
import { isRecord } from '../../util/is-record';
import type { UIMessageLike, UIMessagePartLike } from './ui-chat-request';

/** What the model is told of a call whose approval was denied (the client's history says only `output-denied`). */
const DENIED_TEXT = 'The call was not approved: do not run it again unless asked.';

/** The tool's name of a tool part: `tool-<name>`, or a dynamic tool's `toolName`. */
export function toolNameOf(part: UIMessagePartLike): string | undefined {
  if (part.type === 'dynamic-tool') return part.toolName;
  return part.type.startsWith('tool-') ? part.type.slice('tool-'.length) : undefined;
}

function textOf(parts: readonly UIMessagePartLike[]): string {
  let text = '';
  for (const part of parts) if (part.type === 'text') text += part.text;
  return text;
}

function resultTextOf(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isRecord(output) && typeof output.text === 'string') return output.text;
  return JSON.stringify(output ?? null);
}

/** The outcome of a tool part, or `undefined` for a call without one (still streaming, or waiting). */
function responseOf(part: UIMessagePartLike, name: string): ToolResponse | undefined {
  const id = part.toolCallId!;
  switch (part.state) {
    case 'output-available':
      return { id, name, result: resultTextOf(part.output), isError: false };
    case 'output-error':
      return { id, name, result: part.errorText ?? 'The call failed.', isError: true };
    case 'output-denied':
      return { id, name, result: DENIED_TEXT, isError: true };
    default:
      return undefined;
  }
}

/** The steps of an assistant message (split at `step-start`), each a model message and its tools' results. */
function assistantMessages(parts: readonly UIMessagePartLike[], out: Message[]): void {
  let step: UIMessagePartLike[] = [];
  const flush = (): void => {
    const calls: ToolCall[] = [];
    const responses: ToolResponse[] = [];
    for (const part of step) {
      const name = toolNameOf(part);
      if (name === undefined) continue;
      const response = responseOf(part, name);
      // A call without a result cannot be sent to a model: it is left out with its part.
      if (response === undefined) continue;
      calls.push({ id: part.toolCallId!, name, arguments: JSON.stringify(part.input ?? {}) });
      responses.push(response);
    }
    const text = textOf(step);
    if (text !== '' || calls.length > 0) out.push(assistantMessage(text, calls));
    if (responses.length > 0) out.push(toolResponseMessage(responses));
    step = [];
  };
  for (const part of parts) {
    if (part.type === 'step-start') flush();
    else step.push(part);
  }
  flush();
}

/**
 * The client's conversation as the model's messages: user text, the assistant's text and tool calls with their
 * results (outputs, errors, denials), step by step. System messages from a client are dropped (the server sets the
 * instructions), and so are calls without an outcome, reasoning, files, sources and data parts.
 */
export function toChatMessages(messages: readonly UIMessageLike[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const text = textOf(message.parts);
      if (text !== '') out.push(userMessage(text));
    } else if (message.role === 'assistant') assistantMessages(message.parts, out);
  }
  return out;
}
