import type { Content, Part } from '@google/genai';
import type { AssistantMessage, Message, ToolCall } from '../../chat/model/messages';
import { toolArgumentsObject } from '../tool-arguments.text';
import { turnConversation } from '../conversation.mapping';
import {
  toGeminiFunctionResponse,
  toGeminiResultMedia,
  type GeminiResultMedia,
} from './gemini-tool-result.mapper';

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
 * `{ output }` or, for a failed call, `{ error }`, the media of results of parts inside them (`media`:
 * `function-response`) or after them in the turn. Ids go back only where Gemini gave them; else Gemini matches the
 * responses to the calls by order and name.
 */
export function toGeminiConversation(
  messages: readonly Message[],
  media: GeminiResultMedia = 'function-response',
): GeminiConversation {
  const givenIds = new Set<string>();
  const { system, turns } = turnConversation<'model', Part>(messages, {
    modelRole: 'model',
    user: (message) => (message.content ? [{ text: message.content }] : []),
    assistant: (message) => {
      const state = stateOf(message);
      for (const id of state.callIds ?? []) givenIds.add(id);
      return modelParts(message, state, givenIds);
    },
    results: (responses) => [
      ...responses.map((response) => toGeminiFunctionResponse(response, { givenIds, media })),
      ...toGeminiResultMedia(responses, media),
    ],
  });
  const contents: Content[] = turns.map((turn) => ({
    role: turn.role,
    parts: functionResponsesFirst(turn.parts),
  }));
  return { ...(system !== undefined ? { systemInstruction: system } : {}), contents };
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
      args: toolArgumentsObject(call.arguments),
    },
    ...(signature ? { thoughtSignature: signature } : {}),
  };
}

/** The function responses of a turn before its other parts (the media of results of parallel calls). */
function functionResponsesFirst(parts: Part[]): Part[] {
  const responses = parts.filter((part) => part.functionResponse !== undefined);
  return responses.length === 0 || responses.length === parts.length
    ? parts
    : [...responses, ...parts.filter((part) => part.functionResponse === undefined)];
}

function stateOf(message: AssistantMessage): GeminiMessageState {
  const state = message.metadata?.[GEMINI_METADATA_KEY];
  return typeof state === 'object' && state !== null ? state : {};
}
