import type { AssistantMessage, Message } from '../chat/model/messages';
import type { ToolDefinition } from '../tool/tool-definition';

/**
 * The conversation in the conventions' JSON form (`gen_ai.input.messages`, `gen_ai.output.messages`,
 * `gen_ai.system_instructions`), recorded only when content capture is on. Built from the messages sent to the
 * model, which never hold the `ToolContext`.
 */
type Part =
  | { readonly type: 'text'; readonly content: string }
  | { readonly type: 'tool_call'; readonly id: string; readonly name: string; readonly arguments: unknown }
  | { readonly type: 'tool_call_response'; readonly id: string; readonly response: string };

interface GenAiMessage {
  readonly role: string;
  readonly parts: readonly Part[];
  readonly finish_reason?: string;
}

function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function assistantParts(message: AssistantMessage): Part[] {
  const parts: Part[] = message.content ? [{ type: 'text', content: message.content }] : [];
  for (const call of message.toolCalls) {
    parts.push({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      arguments: parsedArguments(call.arguments),
    });
  }
  return parts;
}

function toGenAiMessage(message: Message): GenAiMessage {
  switch (message.role) {
    case 'assistant':
      return { role: 'assistant', parts: assistantParts(message) };
    case 'tool':
      return {
        role: 'tool',
        parts: message.responses.map((r) => ({ type: 'tool_call_response', id: r.id, response: r.result })),
      };
    default:
      return { role: message.role, parts: [{ type: 'text', content: message.content }] };
  }
}

/** The non-system messages, as `gen_ai.input.messages`. */
export function inputMessages(messages: readonly Message[]): string {
  return JSON.stringify(messages.filter((m) => m.role !== 'system').map(toGenAiMessage));
}

/** The system messages' text, as `gen_ai.system_instructions`; `undefined` when there is none. */
export function systemInstructions(messages: readonly Message[]): string | undefined {
  const parts: Part[] = [];
  for (const m of messages) if (m.role === 'system') parts.push({ type: 'text', content: m.content });
  return parts.length > 0 ? JSON.stringify(parts) : undefined;
}

/** The model's answer, as `gen_ai.output.messages`. */
export function outputMessages(message: AssistantMessage, finishReason: string): string {
  return JSON.stringify([{ role: 'assistant', parts: assistantParts(message), finish_reason: finishReason }]);
}

/** The final text of a chat call (the answer, or the results of `returnDirect` tools). */
export function outputText(text: string, finishReason: string): string {
  return JSON.stringify([
    { role: 'assistant', parts: [{ type: 'text', content: text }], finish_reason: finishReason },
  ]);
}

/** The tools offered, as `gen_ai.tool.definitions`. */
export function toolDefinitions(tools: readonly ToolDefinition[]): string {
  return JSON.stringify(
    tools.map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description,
      parameters: t.inputSchema,
    })),
  );
}
