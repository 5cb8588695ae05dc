import type { ToolContext } from '../../tool/tool-context';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ToolMetadata } from '../../tool/tool-metadata';
import type { ToolCall, ToolResponse } from '../model/messages';

/** What a hook learns about one tool call the model asked for. */
export interface ToolCallHookContext {
  /** The call as the model sent it (its `arguments` are the model's JSON text, unparsed and unvalidated). */
  readonly toolCall: ToolCall;
  /** The definition of the tool called. */
  readonly toolDefinition: ToolDefinition;
  /** Its metadata (`returnDirect`, timeout, approval…). */
  readonly toolMetadata: ToolMetadata;
  /** The request's tool context (user, tenant, HTTP request…), with the request's abort signal. */
  readonly context: ToolContext;
  /** 1-based number of the model request whose response asked for the call. */
  readonly round: number;
}

/**
 * What `beforeToolCall` decides: nothing (or `allow`) runs the call; `deny` skips it and sends `message` to the
 * model as an error result; `rewrite` runs it with other arguments (a JSON text or an object, serialised once). The
 * conversation keeps the arguments the model sent.
 */
export type BeforeToolCallDecision =
  | void
  | undefined
  | { readonly action: 'allow' }
  | { readonly action: 'deny'; readonly message?: string }
  | { readonly action: 'rewrite'; readonly arguments: string | Readonly<Record<string, unknown>> };

/** Runs before a tool call; the basis for approvals, argument policies and audit trails. */
export type BeforeToolCallHook = (
  call: ToolCallHookContext,
) => BeforeToolCallDecision | Promise<BeforeToolCallDecision>;

/** What `afterToolCall` learns: the call, the arguments it ran with, and what the model is about to receive. */
export interface AfterToolCallContext extends ToolCallHookContext {
  /** The arguments the tool ran with (after any rewrite). */
  readonly arguments: string;
  /** What the model is about to receive. */
  readonly toolResponse: ToolResponse;
}

/** Nothing keeps the result; an object replaces what the model receives (e.g. to redact it). */
export type AfterToolCallDecision =
  void | undefined | { readonly result: string; readonly isError?: boolean };

/** Runs after a tool call (successful or not); it may replace the result the model receives. */
export type AfterToolCallHook = (
  call: AfterToolCallContext,
) => AfterToolCallDecision | Promise<AfterToolCallDecision>;

/**
 * Hooks around the tool calls of the model. They apply to calls of tools attached to the request (not to unknown
 * names or calls over a limit). Hooks of the manager run first, then the client's defaults, then the request's; the
 * first `deny` wins, and each `rewrite` feeds the next hook. A hook that throws fails the chat call.
 */
export interface ToolCallHooks {
  /** Before the tool runs: may deny the call or rewrite its arguments. */
  readonly beforeToolCall?: BeforeToolCallHook;
  /** After it ran: may replace what the model receives. */
  readonly afterToolCall?: AfterToolCallHook;
}
