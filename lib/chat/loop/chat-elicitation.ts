import { Logger } from '@nestjs/common';
import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import { InvalidElicitationAnswerError } from '../../errors/invalid-elicitation-answer.error';
import { compileSchemaValidator, type SchemaValidator } from '../../tool/schema/json-schema-validator';
import type {
  ToolElicitation,
  ToolElicitationOrigin,
  ToolElicitationResult,
  ToolElicitor,
  ToolLogMessage,
  ToolLogSink,
} from '../../tool/tool-elicitation';

/**
 * Answers the questions tools ask during a chat call (`ToolContext.elicit()`), for the app: show `request.message`
 * to the user, collect an answer of `request.requestedSchema`, and resolve with `accept` and the content, `decline`
 * or `cancel`. `origin` names the tool and the call (never the context's values); its `signal` aborts when the call
 * does (its time limit, the request's abort): the question is then withdrawn and the tool gets `cancel`. Also answers
 * the questions a remote MCP server asks through a tool of the MCP client.
 */
export type ToolElicitationHandler = (
  request: ToolElicitation,
  origin: ToolElicitationOrigin,
) => ToolElicitationResult | Promise<ToolElicitationResult>;

const CANCEL: ToolElicitationResult = Object.freeze({ action: 'cancel' });
const validators = new WeakMap<object, SchemaValidator>();

/**
 * The elicitor of a chat call with `handler`: the handler's wait ends with the call (`cancel`), and its answer is
 * checked (`InvalidElicitationAnswerError` for an unknown action, or accepted content that does not fit the schema).
 */
export function chatElicitor(handler: ToolElicitationHandler): ToolElicitor {
  return async (request, origin) => {
    const signal = origin.signal;
    if (signal?.aborted) return CANCEL;
    const answer = await untilAborted(
      Promise.resolve().then(() => handler(request, origin)),
      signal,
    );
    return answer === undefined ? CANCEL : checkedAnswer(answer, request, origin.toolName);
  };
}

function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (signal === undefined) return answer;
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function checkedAnswer(
  answer: unknown,
  request: ToolElicitation,
  toolName: string | undefined,
): ToolElicitationResult {
  const action = (answer as { action?: unknown } | null)?.action;
  if (action === 'decline' || action === 'cancel') return { action };
  if (action !== 'accept')
    throw new InvalidElicitationAnswerError(toolName, ['action must be "accept", "decline" or "cancel"']);
  const content = (answer as { content?: unknown }).content;
  if (content === null || typeof content !== 'object' || Array.isArray(content))
    throw new InvalidElicitationAnswerError(toolName, ['an accepted answer must have content (an object)']);
  const schema = request.requestedSchema;
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = compileSchemaValidator(schema, `the question of ${toolName ?? 'a tool'}`);
    validators.set(schema, validate);
  }
  const found = validate(content);
  if (found !== undefined)
    throw new InvalidElicitationAnswerError(
      toolName,
      found.issues.map(
        (issue) => `${issue.path === '' ? 'the content' : issue.path}: ${ruleOf(issue.message)}`,
      ),
    );
  return { action: 'accept', content: content as Record<string, unknown> };
}

// The validator's messages may quote the value; the error names only the rule (the user's answer is not for logs).
function ruleOf(message: string): string {
  return message.replace(/,? (?:got|but got|received) .*$/i, '');
}

const LOGGERS = new Map<string, Logger>();

/**
 * Where a tool's `log()` goes in a chat call: Nest's `Logger`, with the tool's name (or the logger it names) as the
 * context, `debug` at debug, `info`/`notice` at log, `warning` at warn, and `error` and above at error.
 */
export const chatToolLogSink: ToolLogSink = (message: ToolLogMessage) => {
  const name = message.logger ?? 'tool';
  let logger = LOGGERS.get(name);
  if (logger === undefined) {
    if (LOGGERS.size >= 1000) LOGGERS.clear();
    logger = new Logger(name);
    LOGGERS.set(name, logger);
  }
  const data = message.data;
  switch (message.level) {
    case 'debug':
      return logger.debug(data);
    case 'info':
    case 'notice':
      return logger.log(data);
    case 'warning':
      return logger.warn(data);
    default:
      return logger.error(data);
  }
};

/** `handler`, checked: a function or nothing (`ToolCallingOptionsError` otherwise). */
export function assertElicitationHandler<T extends ToolElicitationHandler | undefined>(handler: T): T {
  if (handler !== undefined && typeof handler !== 'function')
    throw new ToolCallingOptionsError(
      'elicitationHandler',
      handler,
      'a function (request, origin) => answer',
    );
  return handler;
}
