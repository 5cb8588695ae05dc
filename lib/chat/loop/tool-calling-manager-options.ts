import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import type { InternalToolExecution } from './tool-execution-eligibility';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import type { ToolCallbackResolver } from '../../tool/resolution/tool-callback-resolver';
import type { ChatTelemetry } from '../ports/chat-telemetry';
import type { ToolCallHooks } from './tool-call-hooks';

/**
 * What happens when a limit is hit.
 * - `'error'` (the default): the call rejects with a `ToolCallingLimitError` carrying the conversation so far.
 * - `'tell-model'`: the model is told and the call goes on. Calls over `maxToolCallsPerRequest` or
 *   `maxCallsPerTool` are not run and get an error result saying so; the last request `maxRounds` allows is sent
 *   with `toolChoice: 'none'`, so that the model answers with what it has. A model that asks for tools anyway still
 *   ends the call with a `ToolCallingLimitError`.
 */
export type OnLimit = 'error' | 'tell-model';

/** The bounds of one chat call (one `call()` or `stream()`, all its rounds included). */
export interface ToolCallingLimits {
  /**
   * Most model requests per call, the first included.
   * @defaultValue 10
   */
  readonly maxRounds?: number;
  /**
   * Most tool calls per call, over all rounds; every call the model asks for counts, names it invented included. A
   * single response with more calls than this is refused whole (`ToolCallingLimitError`, whatever `onLimit` says).
   * @defaultValue 50
   */
  readonly maxToolCallsPerRequest?: number;
  /**
   * Most calls of any one tool per call, over all rounds.
   * @defaultValue 20
   */
  readonly maxCallsPerTool?: number;
  /**
   * Time limit of one tool call in milliseconds, unless the tool sets its own `timeoutMs`; `Infinity` means none.
   * The tool's `ToolContext.signal` is aborted when it expires.
   * @defaultValue 60000
   */
  readonly toolTimeoutMs?: number;
  /**
   * Most tool calls of one model response running at the same time; `Infinity` means no cap.
   * @defaultValue 8
   */
  readonly maxConcurrency?: number;
  /**
   * What happens when a limit is hit (see `OnLimit`).
   * @defaultValue `'error'`
   */
  readonly onLimit?: OnLimit;
  /**
   * Longest tool result sent to the model, in characters, unless the tool sets its own `maxResultChars`. A longer
   * result is cut, with a marker the model reads, and a `tool-result-truncated` event; `Infinity` means none.
   * @defaultValue 100000
   */
  readonly maxResultChars?: number;
  /**
   * Most bytes of media in one tool result: the images, sounds, files and embedded resources of a `ToolResult`
   * carried inline (decoded, not base64; media at a URL do not count), and the JSON of its structured content. A
   * larger result is not sent, kept or streamed: the model gets a `ToolResultTooLargeError` result saying so.
   * `maxResultChars` bounds the text; this bounds the rest, and with it what memory and paused runs store.
   * @defaultValue 5242880 (5 MiB, the largest image Anthropic's API takes)
   */
  readonly maxResultBytes?: number;
}

/** Options of the `ToolCallingManager`: the module's `toolCalling` options, or `ChatClient.create()`'s. */
export interface ToolCallingManagerOptions {
  /** Resolves the names given with `.toolNames(...)`. Model-sent names are never resolved through it. */
  readonly resolver?: ToolCallbackResolver;
  /** Turns a failed call into the text the model receives, or rethrows. Default: `DefaultToolExecutionExceptionProcessor`. */
  readonly exceptionProcessor?: ToolExecutionExceptionProcessor;
  /** The bounds of each chat call (see `ToolCallingLimits` for each default). */
  readonly limits?: ToolCallingLimits;
  /** Hooks around every tool call of every request; they run before the client's and the request's. */
  readonly hooks?: ToolCallHooks | readonly ToolCallHooks[];
  /**
   * `false`: the tool calls of the model are not run; the call returns the model's response, with its tool calls,
   * for the caller to run (e.g. with `ToolCallingManager.executeToolCalls()`). A `ToolExecutionEligibilityPredicate`
   * decides per model response. Default `true`; a request may override it with `.internalToolExecution(…)`.
   */
  readonly internalToolExecution?: InternalToolExecution;
  /**
   * What records every chat call: its model requests and tool calls. Absent: nothing records. The module gives
   * the OpenTelemetry one (`OpenTelemetryChatTelemetry` from `nestjs-tool-calling/opentelemetry`) unless its
   * `telemetry` option says otherwise. `false`: nothing records, as when absent.
   */
  readonly telemetry?: ChatTelemetry | false;
}

/** `ToolCallingLimits` with every default filled in. */
export type ResolvedToolCallingLimits = {
  readonly [K in keyof ToolCallingLimits]-?: NonNullable<ToolCallingLimits[K]>;
};

const DEFAULT_TOOL_CALLING_LIMITS: ResolvedToolCallingLimits = Object.freeze({
  maxRounds: 10,
  maxToolCallsPerRequest: 50,
  maxCallsPerTool: 20,
  toolTimeoutMs: 60_000,
  maxConcurrency: 8,
  onLimit: 'error',
  maxResultChars: 100_000,
  maxResultBytes: 5 * 1024 * 1024,
});

function positiveInteger(option: string, value: number, allowInfinity: boolean): number {
  if ((Number.isInteger(value) && value >= 1) || (allowInfinity && value === Infinity)) return value;
  throw new ToolCallingOptionsError(
    option,
    value,
    allowInfinity ? 'a positive integer or Infinity' : 'a positive integer',
  );
}

/** The limits with defaults applied; throws `ToolCallingOptionsError` naming a value that cannot work. */
export function resolveLimits(limits: ToolCallingLimits = {}): ResolvedToolCallingLimits {
  const merged = { ...DEFAULT_TOOL_CALLING_LIMITS, ...withoutUndefined(limits) };
  positiveInteger('limits.maxRounds', merged.maxRounds, false);
  positiveInteger('limits.maxToolCallsPerRequest', merged.maxToolCallsPerRequest, true);
  positiveInteger('limits.maxCallsPerTool', merged.maxCallsPerTool, true);
  positiveInteger('limits.maxConcurrency', merged.maxConcurrency, true);
  positiveInteger('limits.maxResultChars', merged.maxResultChars, true);
  positiveInteger('limits.maxResultBytes', merged.maxResultBytes, true);
  if (!(merged.toolTimeoutMs > 0) || Number.isNaN(merged.toolTimeoutMs)) {
    throw new ToolCallingOptionsError(
      'limits.toolTimeoutMs',
      merged.toolTimeoutMs,
      'a positive number of milliseconds or Infinity',
    );
  }
  if (merged.onLimit !== 'error' && merged.onLimit !== 'tell-model') {
    throw new ToolCallingOptionsError('limits.onLimit', merged.onLimit, "'error' or 'tell-model'");
  }
  return Object.freeze(merged);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  const result: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) result[key] = value[key];
  return result;
}

export function hooksList(
  hooks: ToolCallHooks | readonly ToolCallHooks[] | undefined,
): readonly ToolCallHooks[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? (hooks as readonly ToolCallHooks[]) : [hooks as ToolCallHooks];
}
