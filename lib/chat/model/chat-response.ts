import type { AssistantMessage } from './messages';

/** Tokens a model request (or, in a `ChatClientResponse`, every request of the call) used. */
export interface Usage {
  /** Tokens of the input (messages, tool definitions). */
  readonly promptTokens: number;
  /** Tokens the model wrote. */
  readonly completionTokens: number;
  /** Both together. */
  readonly totalTokens: number;
}

/** Why the model stopped: an answer, tool calls, the token limit, a content filter, or something else. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

/**
 * One model response: what the `ChatModel` port returns for one request (Spring AI's `ChatResponse`). A whole
 * `ChatClient` call, rounds of tool calls included, answers with a `ChatClientResponse`, which extends it.
 */
export interface ChatResponse {
  /** What the model said: text, tool calls, or both. */
  readonly message: AssistantMessage;
  /** Why it stopped. */
  readonly finishReason: FinishReason;
  /** Tokens used, when the provider says. */
  readonly usage?: Usage;
  /** What the provider said besides (response id, model, raw finish reason…). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
