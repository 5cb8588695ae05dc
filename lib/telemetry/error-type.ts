import { InvalidToolInputError } from '../errors/invalid-tool-input.error';
import { UnknownToolCallError } from '../errors/unknown-tool-call.error';
import { ToolCallingError } from '../errors/tool-calling.error';
import { ToolCallingLimitError } from '../errors/tool-calling-limit.error';
import { ToolExecutionError } from '../errors/tool-execution.error';
import { ToolTimeoutError } from '../errors/tool-timeout.error';

/** How a tool call ended (the `tool_calling.tool.outcome` attribute). */
export type ToolOutcome =
  'success' | 'error' | 'invalid_input' | 'unknown_tool' | 'timeout' | 'denied' | 'limit' | 'aborted';

/** The library's error names that mean a refusal: a guard of the tool denied the call (tools as Nest handlers). */
const DENIAL_NAMES = new Set(['ToolCallForbiddenError', 'ForbiddenException', 'UnauthorizedException']);

/** `fn()`, or `fallback` when it throws: a thrown value may be hostile (a revoked proxy, a throwing getter). */
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

/** What a tool threw, when the library wrapped it. */
function thrownBy(error: unknown): unknown {
  return error instanceof ToolExecutionError ? error.cause : error;
}

function nameOf(thrown: unknown): string {
  if (typeof thrown !== 'object' || thrown === null) return '_OTHER';
  const name = (thrown as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
  const constructorName = thrown.constructor?.name;
  return constructorName && constructorName !== 'Object' ? constructorName : 'Error';
}

/**
 * `error.type`: the error's class, low in cardinality by nature (`ToolTimeoutError`, `ChatModelRateLimitError`,
 * `AbortError`…). For a tool that threw, the class of what it threw (`TypeError`, `NotFoundException`…).
 */
export function errorType(error: unknown): string {
  return safely(() => nameOf(thrownBy(error)), '_OTHER');
}

/** A denial: a guard's, or a 401/403 `HttpException` the tool threw. */
function isDenial(thrown: unknown): boolean {
  if (DENIAL_NAMES.has(nameOf(thrown))) return true;
  const status = (thrown as { getStatus?: () => unknown } | null)?.getStatus;
  if (typeof status !== 'function') return false;
  const code = status.call(thrown);
  return code === 401 || code === 403;
}

export function toolOutcomeOf(error: unknown): ToolOutcome {
  return safely((): ToolOutcome => {
    if (error instanceof UnknownToolCallError) return 'unknown_tool';
    if (error instanceof InvalidToolInputError) return 'invalid_input';
    if (error instanceof ToolTimeoutError) return 'timeout';
    if (error instanceof ToolCallingLimitError) return 'limit';
    const thrown = thrownBy(error);
    if (isDenial(thrown)) return 'denied';
    if (nameOf(thrown) === 'AbortError') return 'aborted';
    return 'error';
  }, 'error');
}

/**
 * The span status text: the message of the library's own errors (written to be shown, without secrets), and only
 * the type of anything else, whose message may carry what the application would not want in a trace.
 */
export function statusMessage(error: unknown): string {
  const own = safely(
    () =>
      error instanceof ToolCallingError && !(error instanceof ToolExecutionError) ? error.message : undefined,
    undefined,
  );
  return typeof own === 'string' ? own : errorType(error);
}
