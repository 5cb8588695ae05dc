import { InvalidToolInputError } from '../errors/invalid-tool-input.error';
import { NoSuchToolError } from '../errors/no-such-tool.error';
import { ToolCallingError } from '../errors/tool-calling.error';
import { ToolCallingLimitError } from '../errors/tool-calling-limit.error';
import { ToolExecutionError } from '../errors/tool-execution.error';
import { ToolTimeoutError } from '../errors/tool-timeout.error';

/** How a tool call ended (the `tool_calling.tool.outcome` attribute). */
export type ToolOutcome =
  'success' | 'error' | 'invalid_input' | 'unknown_tool' | 'timeout' | 'denied' | 'limit' | 'aborted';

/**
 * `error.type`: the error's class, low in cardinality by nature (`ToolTimeoutError`, `ChatModelRateLimitError`,
 * `AbortError`…). For a tool that threw, the class of what it threw (`TypeError`, `NotFoundException`…).
 */
export function errorType(error: unknown): string {
  const thrown = error instanceof ToolExecutionError ? error.cause : error;
  if (thrown instanceof Error || (typeof thrown === 'object' && thrown !== null && 'name' in thrown)) {
    const name = (thrown as Error).name;
    if (typeof name === 'string' && name !== '' && name !== 'Error') return name;
    const constructorName = (thrown as object).constructor?.name;
    return constructorName && constructorName !== 'Object' ? constructorName : 'Error';
  }
  return '_OTHER';
}

/** A Nest `UnauthorizedException`/`ForbiddenException` (or anything with that status) thrown by a guard or the tool. */
function isDenial(error: unknown): boolean {
  const status = (error as { getStatus?: () => unknown } | null)?.getStatus;
  if (typeof status !== 'function') return false;
  const code = status.call(error);
  return code === 401 || code === 403;
}

export function toolOutcomeOf(error: unknown): ToolOutcome {
  if (error instanceof NoSuchToolError) return 'unknown_tool';
  if (error instanceof InvalidToolInputError) return 'invalid_input';
  if (error instanceof ToolTimeoutError) return 'timeout';
  if (error instanceof ToolCallingLimitError) return 'limit';
  const thrown = error instanceof ToolExecutionError ? error.cause : error;
  if (isDenial(thrown)) return 'denied';
  if ((thrown as Error | undefined)?.name === 'AbortError') return 'aborted';
  return 'error';
}

/**
 * The span status text: the message of the library's own errors (written to be shown, without secrets), and only
 * the type of anything else, whose message may carry what the application would not want in a trace.
 */
export function statusMessage(error: unknown): string {
  if (error instanceof ToolCallingError && !(error instanceof ToolExecutionError)) return error.message;
  return errorType(error);
}
