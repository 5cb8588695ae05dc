import {
  BadRequestException,
  Catch,
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  HttpStatus,
  NotFoundException,
  Optional,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApprovalAlreadyDecidedError } from '../errors/approval-already-decided.error';
import { ApprovalExpiredError } from '../errors/approval-expired.error';
import { ApprovalForbiddenError } from '../errors/approval-forbidden.error';
import { ApprovalNotFoundError } from '../errors/approval-not-found.error';
import { InvalidApprovalDecisionError } from '../errors/invalid-approval-decision.error';
import { InvalidStreamIdError } from '../errors/invalid-stream-id.error';
import { InvalidUIRequestError } from '../errors/invalid-ui-request.error';
import { RunLimitError } from '../errors/run-limit.error';
import { RunNotFoundError } from '../errors/run-not-found.error';
import { RunNotPausedError } from '../errors/run-not-paused.error';
import type { ToolCallingError } from '../errors/tool-calling.error';
import { HTTP_ONLY_FILTER } from '../handlers/tool-enhancers';

/** Nest has no exception class for 429. */
class TooManyRequests extends HttpException {
  constructor(message: string) {
    super(
      { statusCode: HttpStatus.TOO_MANY_REQUESTS, message, error: 'Too Many Requests' },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** The errors an HTTP client of the app causes, and the `HttpException` each one answers as. */
const CLIENT_ERRORS: readonly (readonly [Function, new (message: string) => HttpException])[] = [
  [ApprovalNotFoundError, NotFoundException],
  [ApprovalAlreadyDecidedError, ConflictException],
  [ApprovalExpiredError, GoneException],
  [ApprovalForbiddenError, ForbiddenException],
  [InvalidApprovalDecisionError, BadRequestException],
  [InvalidStreamIdError, BadRequestException],
  [InvalidUIRequestError, BadRequestException],
  [RunNotFoundError, NotFoundException],
  [RunNotPausedError, ConflictException],
  [RunLimitError, TooManyRequests],
];

/** Node's response under Express's `Response` (which is one) and Fastify's `FastifyReply` (its `raw`). */
interface NodeResponse {
  readonly headersSent: boolean;
  end(): unknown;
}

/** The response API Express and Fastify share, for a filter built without Nest's `HttpAdapterHost`. */
interface PlatformResponse extends Partial<NodeResponse> {
  readonly raw?: NodeResponse;
  status(code: number): { send(body: unknown): unknown };
}

/**
 * Answers the library's errors that an HTTP client of the app causes with their status and the library's message, in
 * Nest's usual body (`{ statusCode, message, error }`): an unknown approval id 404, an approval decided before 409,
 * an expired one 410, another user's 403, a decision that is not `{ approved: boolean, reason?: string }` 400, a frontend's malformed body 400, a durable run that is not the caller's (or unknown) 404, one that is not paused resumed 409,
 * a caller past its cap of runs 429.
 * Nothing else is caught: errors a model causes, configuration errors and every other error keep Nest's own handling
 * (a 500 whose body says nothing of the library). Outside HTTP (a tool call's `'tool'` context, RPC, WebSockets) it
 * rethrows.
 *
 * Register it once: `app.useGlobalFilters(new ToolCallingExceptionFilter())`, or `{ provide: APP_FILTER, useClass:
 * ToolCallingExceptionFilter }`. Built by Nest, it answers through `HttpAdapterHost` (any platform); built with `new`
 * and no argument, through the response's own `status().send()`, which Express and Fastify both have.
 */
@Catch(
  ApprovalNotFoundError,
  ApprovalAlreadyDecidedError,
  ApprovalExpiredError,
  ApprovalForbiddenError,
  InvalidApprovalDecisionError,
  InvalidStreamIdError,
  InvalidUIRequestError,
  RunNotFoundError,
  RunNotPausedError,
  RunLimitError,
)
export class ToolCallingExceptionFilter implements ExceptionFilter<ToolCallingError> {
  constructor(@Optional() private readonly adapterHost?: HttpAdapterHost) {
    // Registered globally, it leaves tool calls alone: tools without other enhancers keep the direct path.
    Object.defineProperty(this, HTTP_ONLY_FILTER, { value: true });
  }

  /** Answers `error` with its status (HTTP), or rethrows it (any other context). */
  catch(error: ToolCallingError, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const exception = httpExceptionOf(error);
    const response = host.switchToHttp().getResponse<PlatformResponse>();
    const adapter = this.adapterHost?.httpAdapter;
    if (adapter !== undefined) {
      if (adapter.isHeadersSent(response)) adapter.end(response);
      else adapter.reply(response, exception.getResponse(), exception.getStatus());
      return;
    }
    const node = (response.raw ?? response) as NodeResponse;
    // Headers already sent (a response that failed half-way): nothing can be answered any more, as in Nest's own.
    if (node.headersSent) node.end();
    else response.status(exception.getStatus()).send(exception.getResponse());
  }
}

function httpExceptionOf(error: ToolCallingError): HttpException {
  const [, Exception] = CLIENT_ERRORS.find(([type]) => error instanceof type)!;
  return new Exception(error.message);
}
