import type { ArgumentsHost } from '@nestjs/common';
import {
  ApprovalCallerUnknownError,
  ApprovalNotFoundError,
  InvalidApprovalDecisionError,
  InvalidChatRequestError,
  RunFailedError,
  RunLimitError,
  RunNotFoundError,
  RunNotPausedError,
  ToolCallingExceptionFilter,
} from 'nestjs-tool-calling';

/** An `ArgumentsHost` of the given type whose response records what it was sent. */
function hostOf(type: string) {
  const sent: unknown[] = [];
  const response = {
    headersSent: false,
    status: (code: number) => ({ send: (body: unknown) => sent.push([code, body]) }),
  };
  const host = {
    getType: () => type,
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { host, sent };
}

describe('ToolCallingExceptionFilter', () => {
  it('rethrows outside HTTP (a tool call, RPC, WebSockets): the error is handled as without it', () => {
    const filter = new ToolCallingExceptionFilter();
    for (const type of ['tool', 'rpc', 'ws', 'graphql']) {
      const { host, sent } = hostOf(type);
      const error = new ApprovalNotFoundError();
      expect(() => filter.catch(error, host)).toThrow(error);
      expect(sent).toEqual([]);
    }
  });

  it('catches exactly the errors an HTTP client causes', () => {
    const caught = Reflect.getMetadata('__filterCatchExceptions__', ToolCallingExceptionFilter) as Function[];
    expect(caught.map((type) => type.name)).toEqual([
      'ApprovalNotFoundError',
      'ApprovalAlreadyDecidedError',
      'ApprovalExpiredError',
      'ApprovalForbiddenError',
      'InvalidApprovalDecisionError',
      'InvalidStreamIdError',
      'InvalidUIRequestError',
      'RunNotFoundError',
      'RunNotPausedError',
      'RunLimitError',
    ]);
    // A run that failed is the run's outcome, not the request's fault.
    expect(caught).not.toContain(RunFailedError);
    // The other InvalidChatRequestErrors are the app's own mistakes; a caller without an id is its configuration's.
    expect(caught).not.toContain(InvalidChatRequestError);
    expect(caught).not.toContain(ApprovalCallerUnknownError);
    expect(new InvalidApprovalDecisionError()).toBeInstanceOf(InvalidChatRequestError);
  });

  it("answers a durable run's client errors: unknown or another caller's 404, not paused 409, too many runs 429", () => {
    const filter = new ToolCallingExceptionFilter();
    const cases: [Error, number, string][] = [
      [new RunNotFoundError(), 404, 'Not Found'],
      [new RunNotPausedError('finished'), 409, 'Conflict'],
      [new RunLimitError(3), 429, 'Too Many Requests'],
    ];
    for (const [error, status, name] of cases) {
      const { host, sent } = hostOf('http');
      filter.catch(error as never, host);
      expect(sent).toEqual([[status, { statusCode: status, message: error.message, error: name }]]);
    }
    expect(new RunLimitError(3).message).toBe(
      'this caller already has 3 runs queued or running (maxRunsPerCaller); wait for one to finish',
    );
    expect(new RunNotFoundError().message).toMatch(/^there is no run with this id for this caller/);
  });
});
