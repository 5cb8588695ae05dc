import type { ParamsFactory } from '@nestjs/core';
import type { ToolMethodPlan } from '../tool/method/tool-method.inspector';
import type { ToolContext } from '../tool/tool-context';

/** What a tool call is, as guards, interceptors, pipes and filters see it (the third of `getArgs()`). */
export interface ToolCallInfo {
  /** The name of the tool being called. */
  readonly toolName: string;
  /** The id the model gave the call; `undefined` when a guard runs to decide whether to offer the tool. */
  readonly toolCallId: string | undefined;
  /** The HTTP request the chat call serves (the module's, or the one given with `.request(req)`), if any. */
  readonly request: unknown;
}

/**
 * The arguments of a tool call's execution context: `[arguments, toolContext, info]`. Like an RPC handler's
 * `[data, context]`, so `switchToRpc().getData()` gives the arguments and `getContext()` the `ToolContext`.
 */
export type ToolCallArgs = [
  arguments: Record<string, unknown> | undefined,
  toolContext: ToolContext,
  info: ToolCallInfo,
];

/** What the parameter factory needs that guards and interceptors need not see. */
interface CallState {
  /** The method's bound arguments, by position. */
  readonly bound: readonly unknown[] | undefined;
  readonly positions: ParamPositions;
}

/**
 * Thrown by the parameter factory when the guards deciding visibility let the call through, so that no pipe and
 * not the method run. One instance, made once: throwing it costs no stack capture.
 */
export const VISIBLE = new Error('nestjs-tool-calling: the guards let the caller see the tool');

/**
 * The info of one call, with what the parameter factory needs in an ES private field: guards and interceptors see
 * the three fields of `ToolCallInfo` only (in JSON, a spread, an inspection), and a call costs no `WeakMap` entry,
 * which the garbage collector pays dearly for (there is one per call and one per visibility check).
 */
class CallInfo implements ToolCallInfo {
  readonly #state: CallState;

  constructor(
    readonly toolName: string,
    readonly toolCallId: string | undefined,
    readonly request: unknown,
    state: CallState,
  ) {
    this.#state = state;
  }

  static stateOf(info: unknown): CallState | undefined {
    return typeof info === 'object' && info !== null && #state in info ? info.#state : undefined;
  }
}

export function toolCallArgs(
  input: Record<string, unknown> | undefined,
  context: ToolContext,
  toolCallId: string | undefined,
  bound: readonly unknown[] | undefined,
  positions: ParamPositions,
): ToolCallArgs {
  const info = new CallInfo(positions.toolName, toolCallId, context.execution?.request, { bound, positions });
  return [input, context, info];
}

/** Metadata key of the parameters of `@Tool` methods, as Nest's `ExternalContextCreator` reads them. */
export const TOOL_ARGS_METADATA = 'nestjs-tool-calling:tool-args';

/** `RouteParamtypes.BODY`: Nest's pipes see the tool's input as a body (`ValidationPipe` validates it). */
const BODY = 3;
/** Any other number: pipes see the `ToolContext` parameter as `'custom'`. */
const TOOL_CONTEXT = 100;

/** Where each parameter's value is, by the `data` Nest hands the parameter factory. */
export interface ParamPositions {
  readonly toolName: string;
  readonly byData: ReadonlyMap<string | undefined, number>;
  readonly contextIndex: number;
}

/**
 * Describes the parameters of a `@Tool` method the way Nest's own parameter decorators do, so that Nest applies
 * pipes to each: the DTO (or the schema-given input) as the body, each `@ToolParam` as the body's property of that
 * name, the `ToolContext` as a custom parameter. A method without parameters gets a custom one at position 0 (it
 * receives the `ToolContext` and ignores it), so that a visibility check can stop before the method.
 */
export function defineToolArgsMetadata(type: Function, plan: ToolMethodPlan): ParamPositions {
  const metadata: Record<string, { index: number; data: string | undefined; pipes: [] }> = {};
  const byData = new Map<string | undefined, number>();
  for (const { index, name } of plan.inputParameters) {
    metadata[`${BODY}:${index}`] = { index, data: name, pipes: [] };
    byData.set(name, index);
  }
  const contextIndex = plan.contextIndex >= 0 ? plan.contextIndex : byData.size === 0 ? 0 : -1;
  if (contextIndex >= 0)
    metadata[`${TOOL_CONTEXT}:${contextIndex}`] = { index: contextIndex, data: undefined, pipes: [] };
  Reflect.defineMetadata(TOOL_ARGS_METADATA, metadata, type, plan.methodName);
  return { toolName: plan.definition.name, byData, contextIndex };
}

/** Hands Nest each parameter's bound value; in a visibility check, stops the call before any pipe or the method. */
export const toolParamsFactory: ParamsFactory = {
  exchangeKeyForValue(type: number, data: unknown, args: ToolCallArgs): unknown {
    const state = CallInfo.stateOf(args[2]);
    if (!state || !state.bound) throw VISIBLE;
    if (type === TOOL_CONTEXT) return args[1];
    const index = state.positions.byData.get(data as string | undefined);
    return index === undefined ? undefined : state.bound[index];
  },
};
