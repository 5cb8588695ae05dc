import type { ArgumentsHost } from '@nestjs/common';
import {
  ApprovalCallerUnknownError,
  ApprovalNotFoundError,
  InvalidApprovalDecisionError,
  InvalidChatRequestError,
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
    ]);
    // The other InvalidChatRequestErrors are the app's own mistakes; a caller without an id is its configuration's.
    expect(caught).not.toContain(InvalidChatRequestError);
    expect(caught).not.toContain(ApprovalCallerUnknownError);
    expect(new InvalidApprovalDecisionError()).toBeInstanceOf(InvalidChatRequestError);
  });
});
