/** A tool call the model asked for: `arguments` is the JSON text the model wrote, unparsed. */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** The outcome of one tool call, sent back to the model. */
export interface ToolResponse {
  /** The id of the tool call this answers. */
  readonly id: string;
  readonly name: string;
  readonly result: string;
  /** The call failed (bad arguments, the tool threw or timed out…); `result` says why. */
  readonly isError: boolean;
}

export interface SystemMessage {
  readonly role: 'system';
  readonly content: string;
}

export interface UserMessage {
  readonly role: 'user';
  readonly content: string;
}

export interface AssistantMessage {
  readonly role: 'assistant';
  /** The text of the answer; empty when the model only asked for tools. */
  readonly content: string;
  readonly toolCalls: readonly ToolCall[];
  /**
   * What the provider needs back with this message in later requests, opaque to the loop: the reasoning items of
   * OpenAI's Responses API, Gemini's thought signatures. Kept in the history as it is.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface ToolResponseMessage {
  readonly role: 'tool';
  readonly responses: readonly ToolResponse[];
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolResponseMessage;

export function systemMessage(content: string): SystemMessage {
  return { role: 'system', content };
}

export function userMessage(content: string): UserMessage {
  return { role: 'user', content };
}

export function assistantMessage(
  content: string,
  toolCalls: readonly ToolCall[] = [],
  metadata?: Readonly<Record<string, unknown>>,
): AssistantMessage {
  return metadata === undefined
    ? { role: 'assistant', content, toolCalls }
    : { role: 'assistant', content, toolCalls, metadata };
}

export function toolResponseMessage(responses: readonly ToolResponse[]): ToolResponseMessage {
  return { role: 'tool', responses };
}
