import { ToolExecutionError } from '../errors/tool-execution.error';
import { TransientToolError } from '../errors/transient-tool.error';
import { isInstanceOf } from '../errors/messages/thrown-value-text';

/**
 * How a tool's call is tried again when it fails with a transient error (`@Tool({ retry })`, or a function tool's
 * `retry`): a `TransientToolError`, or an error the `transient` predicate picks. Invalid arguments, time-outs, aborts
 * and every other error are never retried. The waits grow from `backoffMs` by `multiplier` up to `maxBackoffMs`; the
 * tool's time limit covers every attempt and the waits between them (no retry starts whose wait would end past it).
 */
export interface ToolRetryOptions {
  /** Attempts in all, the first included: 1 to 10. */
  readonly maxAttempts: number;
  /**
   * The wait before the second attempt, in milliseconds.
   * @defaultValue 100
   */
  readonly backoffMs?: number;
  /**
   * Each later wait is the one before times this (1 or more).
   * @defaultValue 2
   */
  readonly multiplier?: number;
  /**
   * The longest wait, in milliseconds.
   * @defaultValue 10000
   */
  readonly maxBackoffMs?: number;
  /** Which other errors the tool throws are transient (the error as thrown; `TransientToolError`s always are). */
  readonly transient?: (error: unknown) => boolean;
}

/** The most attempts a tool may declare: every loop is bounded. */
export const MAX_TOOL_ATTEMPTS = 10;

/** The problem with retry options, or `undefined` when they are sound. */
export function retryOptionsProblem(retry: ToolRetryOptions): string | undefined {
  if (typeof retry !== 'object' || retry === null) return 'retry must be an object ({ maxAttempts, … })';
  const { maxAttempts, backoffMs, multiplier, maxBackoffMs, transient } = retry;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > MAX_TOOL_ATTEMPTS)
    return `retry.maxAttempts must be a whole number from 1 to ${MAX_TOOL_ATTEMPTS}`;
  if (backoffMs !== undefined && !(Number.isFinite(backoffMs) && backoffMs >= 0))
    return 'retry.backoffMs must be a number of milliseconds, at least 0';
  if (multiplier !== undefined && !(Number.isFinite(multiplier) && multiplier >= 1))
    return 'retry.multiplier must be a number, at least 1';
  if (maxBackoffMs !== undefined && !(Number.isFinite(maxBackoffMs) && maxBackoffMs >= 0))
    return 'retry.maxBackoffMs must be a number of milliseconds, at least 0';
  if (transient !== undefined && typeof transient !== 'function')
    return 'retry.transient must be a function (error) => boolean';
  return undefined;
}

/** The wait after the failed attempt `attempt` (1-based), in milliseconds. */
export function retryDelayMs(retry: ToolRetryOptions, attempt: number): number {
  const first = retry.backoffMs ?? 100;
  const delay = first * (retry.multiplier ?? 2) ** (attempt - 1);
  return Math.min(delay, retry.maxBackoffMs ?? 10_000);
}

/**
 * Whether a failed call's error may pass on another attempt: a `TransientToolError` the tool threw (as the cause of
 * the `ToolExecutionError` a library callback wraps it in, or as is from a hand-written callback), or what the tool
 * threw when the `transient` predicate says so. A predicate that throws says no.
 */
export function isTransientFailure(error: unknown, retry: ToolRetryOptions): boolean {
  let thrown: unknown;
  if (isInstanceOf(error, ToolExecutionError)) thrown = (error as Error).cause;
  else if (isInstanceOf(error, TransientToolError)) return true;
  else return false;
  if (isInstanceOf(thrown, TransientToolError)) return true;
  if (retry.transient === undefined) return false;
  try {
    return retry.transient(thrown) === true;
  } catch {
    return false;
  }
}
