import type { PendingApproval } from './pending-approval';
import type { ChatResponse } from '../model/chat-response';
import type { Message, ToolCall, ToolResponse } from '../model/messages';

/** One tool call run during a chat call. */
export interface ToolCallRecord {
  /** 1-based number of the model request whose response asked for it. */
  readonly round: number;
  /** The call as the model sent it. */
  readonly toolCall: ToolCall;
  /** Its result, as the model received it. */
  readonly toolResponse: ToolResponse;
}

/**
 * Why a chat call ended: the model answered (`'answered'`); its tool calls were left to the caller
 * (`'tool-calls-returned'`, `internalToolExecution: false`); a round of `returnDirect` tools answered
 * (`'return-direct'`); calls wait for approval (`'awaiting-approval'`); or a stop condition held after a round of tool
 * calls: `roundCountIs` (`'round-count'`), `hasToolCall` (`'tool-called'`), a custom one (`'stop-condition'`).
 */
export type StopReason =
  | 'answered'
  | 'tool-calls-returned'
  | 'return-direct'
  | 'awaiting-approval'
  | 'round-count'
  | 'tool-called'
  | 'stop-condition';

/**
 * The outcome of a whole chat call: the model's last response (`message`, `finishReason`, `metadata`), with
 * `usage` summed over every round, the full conversation and the tool calls made.
 */
export interface ChatClientResponse extends ChatResponse {
  /**
   * The answer: the text of the model's last message or, when the call ended with `returnDirect` tools, their
   * results in call order, joined by newlines.
   */
  readonly text: string;
  /** Every message of the call: the prompt, each model message, each tool message, in order. */
  readonly history: readonly Message[];
  /** The tool calls run, in order. */
  readonly toolExecutions: readonly ToolCallRecord[];
  /** Model requests made. */
  readonly rounds: number;
  /** Why the call ended (see `StopReason`). */
  readonly stopReason: StopReason;
  /**
   * Present when the call ended with tool results instead of a model answer: of `returnDirect` tools, or of the tool
   * a `hasToolCall` stop condition names.
   */
  readonly returnDirect?: readonly ToolResponse[];
  /**
   * The tool calls of the last response when they were not run (`internalToolExecution: false`); empty otherwise.
   */
  readonly pendingToolCalls: readonly ToolCall[];
  /**
   * Calls waiting for a person's decision: the call paused (its state is in the approval store) and goes on with
   * `chat.resume(id, { approved, reason? })`. Empty otherwise.
   */
  readonly pendingApprovals: readonly PendingApproval[];
  /** The advise context at the end of the chain (the conversation id of chat memory…). */
  readonly context: Readonly<Record<string, unknown>>;
}

/**
 * The old name of `ToolCallRecord`.
 * @deprecated Renamed `ToolCallRecord` in 0.2; this alias goes in 0.3.
 */
export type ToolExecutionRecord = ToolCallRecord;
