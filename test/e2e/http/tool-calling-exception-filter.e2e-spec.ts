import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ToolCallbackRegistry } from 'nestjs-tool-calling';
import { CapturingLogger, PLATFORMS } from '../module/fixtures/start-app';
import { DeskTools, startApprovalsApp, type Registration } from './fixtures/approvals.app';

const as = (user: string) => ({ authorization: `Bearer token-${user}` });

const CASES = PLATFORMS.flatMap((platform) =>
  (['useGlobalFilters', 'APP_FILTER'] as const).map((registration) => [platform, registration] as const),
);

describe.each(CASES)('ToolCallingExceptionFilter on %s, registered with %s', (platform, registration) => {
  let app: INestApplication;
  const logger = new CapturingLogger();
  const ask = (user: string, question: string) =>
    request(app.getHttpServer()).post('/chat').set(as(user)).send({ question });
  const decide = (user: string, id: string, decision: unknown) =>
    request(app.getHttpServer())
      .post(`/chat/approvals/${id}`)
      .set(as(user))
      .send(decision as object);

  beforeAll(async () => (app = await startApprovalsApp(platform, registration, {}, logger)));
  afterAll(() => app.close());

  it('answers 404 for an unknown approval id', async () => {
    const { body } = await decide('alice', 'no-such-approval', { approved: true }).expect(404);
    expect(body).toEqual({
      statusCode: 404,
      message:
        'there is no pending approval with this id (it was never issued, or has been removed after it expired)',
      error: 'Not Found',
    });
  });

  it('answers 403 to another user, 400 for a bad decision body, then the owner decides, and 409 after', async () => {
    const asked = (await ask('alice', 'close 3').expect(201)).body;
    const id: string = asked.pendingApprovals[0].id;

    const forbidden = await decide('bob', id, { approved: true }).expect(403);
    expect(forbidden.body).toEqual({
      statusCode: 403,
      message:
        'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
      error: 'Forbidden',
    });

    for (const bad of [{ approved: 'yes' }, { approved: true, reason: 7 }, {}]) {
      const { body } = await decide('alice', id, bad).expect(400);
      expect(body).toEqual({
        statusCode: 400,
        message: 'a decision is { approved: boolean, reason?: string }',
        error: 'Bad Request',
      });
    }
    expect(app.get(DeskTools).closed).toEqual([]);

    const done = (await decide('alice', id, { approved: true }).expect(201)).body;
    expect(done.answer).toBe('Done: ticket 3 closed');
    expect(app.get(DeskTools).closed).toEqual([3]);

    const again = await decide('alice', id, { approved: true }).expect(409);
    expect(again.body).toEqual({
      statusCode: 409,
      message: 'the approval of the call of "closeTicket" has already been decided; a decision is single-use',
      error: 'Conflict',
    });
  });

  it('leaves a model-caused error to Nest: 500, and nothing of the library in the body', async () => {
    const { body } = await ask('alice', 'the weather, again and again').expect(500);
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error' });
    // Nest's own handling: logged, as any uncaught error.
    expect(logger.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
      expect.stringContaining('ToolCallingLimitError'),
    ]);
  });

  it('leaves tools on the direct path: the filter does nothing in a tool call', () => {
    expect(app.get(ToolCallbackRegistry).get('closeTicket')!.constructor.name).toBe('MethodToolCallback');
  });
});

describe.each(PLATFORMS)('ToolCallingExceptionFilter on %s: an expired approval', (platform) => {
  it('answers 410 Gone with the time it expired', async () => {
    const app = await startApprovalsApp(platform, 'useGlobalFilters', { approvals: { ttlMs: 1 } });
    try {
      const asked = (
        await request(app.getHttpServer())
          .post('/chat')
          .set(as('alice'))
          .send({ question: 'close 4' })
          .expect(201)
      ).body;
      await new Promise((resolve) => setTimeout(resolve, 10));
      const { body } = await request(app.getHttpServer())
        .post(`/chat/approvals/${asked.pendingApprovals[0].id}`)
        .set(as('alice'))
        .send({ approved: true })
        .expect(410);
      expect(body).toEqual({
        statusCode: 410,
        message: expect.stringMatching(
          /^the approval of the call of "closeTicket" expired at \d{4}-\d\d-\d\dT[\d:.]+Z; ask the question again$/,
        ),
        error: 'Gone',
      });
      expect(app.get(DeskTools).closed).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe.each(PLATFORMS)('approvals on %s for a user without an id (a guard that sets none)', (platform) => {
  it('refuses to pause (a configuration error: 500, logged with how to set callerId), and warned at startup', async () => {
    const logger = new CapturingLogger();
    const app = await startApprovalsApp(platform, 'APP_FILTER' as Registration, {}, logger);
    try {
      const { body } = await request(app.getHttpServer())
        .post('/chat')
        .set(as('carol'))
        .send({ question: 'close 5' })
        .expect(500);
      expect(body).toEqual({ statusCode: 500, message: 'Internal server error' });
      expect(app.get(DeskTools).closed).toEqual([]);
      const errors = logger.lines.filter((line) => line.level === 'error').map((line) => line.message);
      expect(errors.join('\n')).toContain(
        'the call of "closeTicket" needs a person\'s approval, but the caller has no id',
      );
      expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
        '"closeTicket" needs a person\'s approval, and no approvals.callerId is configured: the default reads ' +
          'request.user (its id, sub, userId or username), which nothing shows before a request comes. A call ' +
          'that would pause, or a decision, whose request has no such user is refused with ' +
          'ApprovalCallerUnknownError. Set approvals.callerId in the options of ToolCallingModule.forRoot() (or of ' +
          'ChatClient.create()) to a function that returns the id of the user your authentication guard put on ' +
          'the HTTP request, e.g. approvals: { callerId: (request) => request.user?.email } (outside an HTTP ' +
          'request it gets the request given with .request(), or undefined)',
      ]);
    } finally {
      await app.close();
    }
  });

  it('does not warn once callerId is configured', async () => {
    const logger = new CapturingLogger();
    const callerId = (request: unknown) => (request as { user?: { name?: string } }).user?.name;
    const app = await startApprovalsApp(platform, 'none', { approvals: { callerId } }, logger);
    try {
      expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([]);
      const asked = await request(app.getHttpServer())
        .post('/chat')
        .set(as('carol'))
        .send({ question: 'close 5' })
        .expect(201);
      expect(asked.body.pendingApprovals).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
