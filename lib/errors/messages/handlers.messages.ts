import { thrownValueClass, thrownValueText } from './thrown-value-text';

/** What an `HttpException` looks like, read without importing Nest: errors/ depends on nothing. */
interface HttpExceptionLike {
  getStatus(): number;
  getResponse(): unknown;
  message: string;
}

export function isHttpExceptionLike(error: unknown): error is HttpExceptionLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<HttpExceptionLike>).getStatus === 'function' &&
    typeof (error as Partial<HttpExceptionLike>).getResponse === 'function'
  );
}

/** The message of an `HttpException`: the `message` of its body (each line of a `ValidationPipe`'s), else its own. */
export function httpExceptionMessage(error: HttpExceptionLike): string {
  const response = error.getResponse();
  const message =
    typeof response === 'string'
      ? response
      : typeof response === 'object' && response !== null
        ? (response as { message?: unknown }).message
        : undefined;
  if (Array.isArray(message) && message.length > 0) return message.map(String).join('; ');
  if (typeof message === 'string' && message.length > 0) return message;
  return error.message;
}

/**
 * The text a model is shown for an `HttpException` a tool (or its guards, pipes, interceptors) threw; `undefined` for
 * anything else, and for an exception whose methods throw.
 */
export function httpExceptionText(error: unknown): string | undefined {
  try {
    return isHttpExceptionLike(error) ? describeHttpException(error) : undefined;
  } catch {
    return undefined;
  }
}

function describeHttpException(error: HttpExceptionLike): string {
  const status = error.getStatus();
  const response = error.getResponse();
  const label =
    typeof response === 'object' &&
    response !== null &&
    typeof (response as { error?: unknown }).error === 'string'
      ? ` ${(response as { error: string }).error}`
      : '';
  return `${httpExceptionMessage(error)} (HTTP ${status}${label})`;
}

/** Nest's text when a guard returns `false`. */
const NEST_FORBIDDEN_MESSAGE = 'Forbidden resource';

export const HandlerMessages = {
  globalEnhancersCannotBeOff:
    'globalEnhancers: false cannot be honoured: the Nest container behind ModuleRef is not reachable ' +
    '(an unsupported Nest version?)',

  forbidden: (toolName: string, detail: string | undefined) =>
    `not permitted: the caller may not use the tool "${toolName}"` +
    (detail && detail !== NEST_FORBIDDEN_MESSAGE ? ` (${detail})` : ''),

  notAToolCall: (type: string) =>
    `ToolExecutionContext.create() needs the execution context of a tool call (getType() === 'tool'), ` +
    `but this one is of type '${type}'`,

  visibilityCheckFailed: (toolName: string, error: unknown) =>
    `the guards of the tool "${toolName}" failed while deciding whether to offer it (${thrownValueClass(
      error,
    )}: ${thrownValueText(error)}); it is not offered`,
};
