import type { Content, Part } from '@google/genai';
import type { AssistantMessage, Message, ToolCall } from '../../chat/model/messages';

/** Where the adapter keeps what a later request needs back, in `AssistantMessage.metadata`. */
export const GEMINI_METADATA_KEY = 'gemini';

/** What the adapter keeps with an assistant message. */
export interface GeminiMessageState {
  /** The ids Gemini gave its function calls; calls without one are answered by order. */
  readonly callIds?: readonly string[];
  /** The thought signature of each call (by the call's id in the port), which Gemini wants back with it. */
  readonly signatures?: Readonly<Record<string, string>>;
  /** The thought signature of the text part. */
  readonly textSignature?: string;
}

/** A conversation in Gemini's format: the system instruction apart, then `user` / `model` contents. */
export interface GeminiConversation {
  readonly systemInstruction?: string;
  readonly contents: Content[];
}

/**
 * Maps the conversation: system messages are joined into the system instruction; an assistant message becomes a
 * `model` content with its text part and one `functionCall` part per call (its JSON arguments parsed into `args`,
 * the thought signatures Gemini gave put back); the results become `functionResponse` parts of one `user` content,
 * `{ output }` or, for a failed call, `{ error }`. Ids go back only where Gemini gave them; else Gemini matches the
 * responses to the calls by order and name.
 */
export function toGeminiConversation(messages: readonly Message[]): GeminiConversation {
  const system: string[] = [];
  const contents: Content[] = [];
  const givenIds = new Set<string>();
  const append = (role: 'user' | 'model', parts: Part[]) => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts!.push(...parts);
    else contents.push({ role, parts });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        if (message.content) system.push(message.content);
        break;
      case 'user':
        append('user', message.content ? [{ text: message.content }] : []);
        break;
      case 'assistant': {
        const state = stateOf(message);
        for (const id of state.callIds ?? []) givenIds.add(id);
        append('model', modelParts(message, state, givenIds));
        break;
      }
      case 'tool':
        append(
          'user',
          message.responses.map((response) => ({
            functionResponse: {
              ...(givenIds.has(response.id) ? { id: response.id } : {}),
              name: response.name,
              response: response.isError ? { error: response.result } : { output: response.result },
            },
          })),
        );
        break;
    }
  }
  return { ...(system.length > 0 ? { systemInstruction: system.join('\n\n') } : {}), contents };
}

function modelParts(
  message: AssistantMessage,
  state: GeminiMessageState,
  givenIds: ReadonlySet<string>,
): Part[] {
  const parts: Part[] = [];
  if (message.content) {
    parts.push({
      text: message.content,
      ...(state.textSignature ? { thoughtSignature: state.textSignature } : {}),
    });
  }
  for (const call of message.toolCalls) parts.push(functionCallPart(call, state, givenIds));
  return parts;
}

function functionCallPart(call: ToolCall, state: GeminiMessageState, givenIds: ReadonlySet<string>): Part {
  const signature = state.signatures?.[call.id];
  return {
    functionCall: {
      ...(givenIds.has(call.id) ? { id: call.id } : {}),
      name: call.name,
      args: toolArgs(call.arguments),
    },
    ...(signature ? { thoughtSignature: signature } : {}),
  };
}

function stateOf(message: AssistantMessage): GeminiMessageState {
  const state = message.metadata?.[GEMINI_METADATA_KEY];
  return typeof state === 'object' && state !== null ? state : {};
}

/** The arguments a model wrote, as the object Gemini wants back; `{}` when they are not a JSON object. */
function toolArgs(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
