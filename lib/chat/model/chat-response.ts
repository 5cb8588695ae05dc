import type { AssistantMessage } from './messages';

export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
}

/** Why the model stopped: an answer, tool calls, the token limit, a content filter, or something else. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'other';

/** One model response. */
export interface ChatResponse {
  readonly message: AssistantMessage;
  readonly finishReason: FinishReason;
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
