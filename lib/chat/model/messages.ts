import type { ToolResultPart } from '../../tool/result/tool-result-part';

/** A tool call the model asked for: `arguments` is the JSON text the model wrote, unparsed. */
export interface ToolCall {
  /** The id the model gave the call; its `ToolResponse` carries it back. */
  readonly id: string;
  /** The name of the tool, as the model wrote it (not yet checked against the tools offered). */
  readonly name: string;
  /** The arguments, as the JSON text the model wrote. */
  readonly arguments: string;
}

/** The outcome of one tool call, sent back to the model. */
export interface ToolResponse {
  /** The id of the tool call this answers. */
  readonly id: string;
  /** The name of the tool called. */
  readonly name: string;
  /** The text the model reads: the tool's result, or why the call failed. */
  readonly result: string;
  /** The call failed (bad arguments, the tool threw or timed out…); `result` says why. */
  readonly isError: boolean;
  /**
   * The whole result when the tool returned more than text (a `ToolResult`): its parts in order, images and files
   * included. `result` is then the text of its text parts. Absent for a string result.
   */
  readonly content?: readonly ToolResultPart[];
  /** Structured JSON the tool returned beside its parts (MCP's `structuredContent`). */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/** Instructions for the model, first in a conversation. */
export interface SystemMessage {
  /** Marks a system message. */
  readonly role: 'system';
  /** The instructions. */
  readonly content: string;
}

/** What the user said. */
export interface UserMessage {
  /** Marks a user message. */
  readonly role: 'user';
  /** The user's text. */
  readonly content: string;
}

/** What the model answered: text, tool calls, or both. */
export interface AssistantMessage {
  /** Marks a model message. */
  readonly role: 'assistant';
  /** The text of the answer; empty when the model only asked for tools. */
  readonly content: string;
  /** The tools the model asks to run, in its order; empty for a plain answer. */
  readonly toolCalls: readonly ToolCall[];
  /**
   * What the provider needs back with this message in later requests, opaque to the loop: the reasoning items of
   * OpenAI's Responses API, Gemini's thought signatures. Kept in the history as it is.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The results of the tool calls of one model message, sent back to the model in one message. */
export interface ToolResponseMessage {
  /** Marks a message of tool results. */
  readonly role: 'tool';
  /** One result per tool call, in the order of the calls. */
  readonly responses: readonly ToolResponse[];
}

/** A message of a conversation, as the `ChatModel` port takes and gives it. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResponseMessage;

/** A system message with this text. */
export function systemMessage(content: string): SystemMessage {
  return { role: 'system', content };
}

/** A user message with this text. */
export function userMessage(content: string): UserMessage {
  return { role: 'user', content };
}

/** A model message: its text, the tool calls it asks for, and what the provider needs back later. */
export function assistantMessage(
  content: string,
  toolCalls: readonly ToolCall[] = [],
  metadata?: Readonly<Record<string, unknown>>,
): AssistantMessage {
  return metadata === undefined
    ? { role: 'assistant', content, toolCalls }
    : { role: 'assistant', content, toolCalls, metadata };
}

/** A message of tool results, in the order of the calls they answer. */
export function toolResponseMessage(responses: readonly ToolResponse[]): ToolResponseMessage {
  return { role: 'tool', responses };
}
