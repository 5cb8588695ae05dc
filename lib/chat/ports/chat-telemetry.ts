import type { ChatModel } from '../model/chat-model';
import type { ChatOptions, ToolChoice } from '../model/chat-options';
import type { ChatResponse } from '../model/chat-response';
import type { ChatClientResponse } from './chat-client-response';
import type { Message, ToolCall } from '../model/messages';
import type { Prompt } from '../model/prompt';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ToolResultPart } from '../../tool/result/tool-result-part';

/**
 * What the tool-calling loop reports about one chat call: the call itself, each model request, each tool call. The
 * loop asks `startCall()` once per `call()`/`stream()`; `undefined` means nothing records, and the loop then makes
 * no other telemetry call. The library's implementation records OpenTelemetry GenAI spans and metrics; implement it
 * to feed another system. Implementations never receive the `ToolContext`.
 */
export interface ChatTelemetry {
  /** A call starts: its model, the messages it sends first, its options, and whether it streams. */
  startCall(
    chatModel: ChatModel,
    messages: readonly Message[],
    options: ChatOptions,
    streaming: boolean,
  ): CallTelemetry | undefined;
}

/**
 * The old name of what `CallTelemetry.end` receives.
 * @deprecated Merged into `ChatClientResponse` in 0.2 (the outcome of a chat call, which `CallTelemetry.end`
 * receives); this alias goes in 0.3.
 */
export type ChatCallOutcome = ChatClientResponse;

/** The observation of one chat call; every method may be called after the end, and is then ignored. */
export interface CallTelemetry {
  /** Runs `fn` with the call as the current context, so that what it starts is nested under the call. */
  run<T>(fn: () => T): T;
  /**
   * Model request number `round` (1-based) starts; `steering` says what round preparation or result elision changed
   * in it (absent when nothing did).
   */
  startModelRequest(
    round: number,
    prompt: Prompt,
    streaming: boolean,
    steering?: RoundSteering,
  ): ModelRequestTelemetry;
  /** A tool call of round `round` starts; `tool` is absent for a name the model invented. */
  startToolCall(round: number, call: ToolCall, tool: ToolDefinition | undefined): ToolCallTelemetry;
  /** The call answered (or paused for approval): its response, as the caller gets it. */
  end(response: ChatClientResponse): void;
  /** The call failed, was aborted, or its stream was left before the end. */
  fail(error: unknown): void;
}

/**
 * What the loop changed in one model request before sending it: tool names and counts only, never message content.
 */
export interface RoundSteering {
  /** The tools a `prepareRound` hook made the only ones offered. */
  readonly activeTools?: readonly string[];
  /** The tool choice a hook set. */
  readonly toolChoice?: ToolChoice;
  /** How many messages were sent when a hook replaced them (trimmed the conversation). */
  readonly messagesSent?: number;
  /** A hook replaced the system prompt. */
  readonly systemReplaced?: boolean;
  /** A hook changed the options. */
  readonly optionsChanged?: boolean;
  /** Old tool results replaced by a marker (`elideToolResults`). */
  readonly elidedToolResults?: number;
}

/** The observation of one model request. */
export interface ModelRequestTelemetry {
  /** Runs `fn` with the request as the current context (the provider SDK's HTTP call nests under it). */
  run<T>(fn: () => T): T;
  /** The response arrived (for a stream: once it is complete). */
  end(response: ChatResponse): void;
  /** The request failed or was aborted. */
  fail(error: unknown): void;
}

/** The observation of one tool call. */
export interface ToolCallTelemetry {
  /** Runs `fn` with the tool call as the current context (what the tool does nests under it). */
  run<T>(fn: () => T): T;
  /**
   * The call's result, sent to the model; `error` is what made it fail, when an error did; `content` the parts of a
   * rich result (`ToolResponse.content`), whose types and sizes are recorded, never their bytes unless content
   * capture is on.
   */
  end(result: string, isError: boolean, error?: unknown, content?: readonly ToolResultPart[]): void;
  /** A hook refused the call; the tool did not run. */
  deny(result: string): void;
  /** The call was over a limit (`onLimit: 'tell-model'`); the tool did not run. */
  limit(result: string, limit: string): void;
  /** Attempt `attempt` (from 1) failed with a transient error; the next starts after `delayMs`. */
  retry?(attempt: number, delayMs: number, error: unknown): void;
}
