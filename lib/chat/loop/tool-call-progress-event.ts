import type { ToolCall } from '../model/messages';
import type { ToolResultPart } from '../../tool/result/tool-result-part';
import type { JsonSchema } from '../../tool/json-schema';

/**
 * A running tool reported progress (`ToolContext`), or yielded a preliminary result (a tool written as an async
 * generator). For the caller only: never sent to the model.
 */
export interface ToolProgressEvent {
  /** Marks the event. */
  readonly type: 'tool-progress';
  /** 1-based number of the model request whose response asked for the call. */
  readonly round: number;
  /** The call that reports. */
  readonly toolCall: ToolCall;
  /** Work done so far, in the tool's own unit. */
  readonly progress?: number;
  /** Work in all, when known. */
  readonly total?: number;
  /** What the tool is doing. */
  readonly message?: string;
  /** A preliminary result (text, or the parts of a `ToolResult`); the last value the tool yields is its result. */
  readonly preliminary?: string | readonly ToolResultPart[];
}

/**
 * A call failed with a transient error and is tried again after `delayMs` (a tool with `retry` options). The call's
 * `tool-result` or `tool-error` follows, with the last attempt's result: the model sees no failed attempt.
 */
export interface ToolRetryEvent {
  /** Marks the event. */
  readonly type: 'tool-retry';
  /** 1-based number of the model request whose response asked for the call. */
  readonly round: number;
  /** The call tried again. */
  readonly toolCall: ToolCall;
  /** The attempt that failed, from 1. */
  readonly attempt: number;
  /** Attempts in all the tool allows. */
  readonly maxAttempts: number;
  /** The wait before the next attempt, in milliseconds. */
  readonly delayMs: number;
  /** The failure, as the model would have read it. */
  readonly error: string;
}

/**
 * A running tool asked the user a question (`ToolContext.elicit()`), which the app's elicitation handler now answers
 * (a call without a handler declines at once, with no event). For the caller only: never sent to the model, and it
 * carries the question, never the tool context.
 */
export interface ToolElicitationEvent {
  /** Marks the event. */
  readonly type: 'tool-elicitation';
  /** 1-based number of the model request whose response asked for the call. */
  readonly round: number;
  /** The call that asks. */
  readonly toolCall: ToolCall;
  /** The question, in words. */
  readonly message: string;
  /** The shape of the answer. */
  readonly requestedSchema: JsonSchema;
}
