import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../../sample-app/src/bootstrap';
import { describeWithRedis } from '../../support/redis-suite';
import { KNOWLEDGE_BASE_FROM_SOURCE, parseSse, signIn } from './support-desk.app';

const question = (chatId: string, text: string) => ({
  id: chatId,
  trigger: 'submit-message',
  messages: [{ id: `${chatId}-q`, role: 'user', parts: [{ type: 'text', text }] }],
});

/** The UI message stream's chunks (its closing `[DONE]` left out). */
const chunks = (body: string): any[] => parseSse(body.replace('data: [DONE]\n\n', ''));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

/**
 * The sample's durable path (`REDIS_URL` set): `POST /api/chat` submits the chat as a BullMQ job on a real
 * redis-server, answers the run's stream with its id, and the run is read, watched and stopped by id; one user never
 * reaches another's run.
 */
describeWithRedis('sample app: chats as durable runs', (live) => {
  const saved = { ...process.env };
  let app: NestExpressApplication;
  let url: string;
  const tokens = new Map<string, string>();
  const call = (user: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: tokens.get(user)!, ...init.headers },
    });
  const status = async (user: string, runId: string): Promise<any> =>
    (await call(user, `/api/runs/${runId}`)).json();

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING|REDIS)_/.test(key)) delete process.env[key];
    process.env.REDIS_URL = live.server.url;
    app = await createApp(
      {
        databasePath: ':memory:',
        mcpServers: { kb: KNOWLEDGE_BASE_FROM_SOURCE },
        durableRuns: { redisUrl: live.server.url, worker: true, concurrency: 2 },
      },
      false,
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    for (const user of ['alice', 'bob']) tokens.set(user, await signIn(url, user));
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    process.env = saved;
  });

  it('submits a chat as a run: its stream, its id, its status, and the stream again by chat id and by run id', async () => {
    process.env.SAMPLE_SLOW_TOOL_MS = '200';
    const response = await call('alice', '/api/chat', {
      method: 'POST',
      body: JSON.stringify(question('export-1', 'Summarise my tickets')),
    });
    expect(response.status).toBe(201);
    const runId = response.headers.get('x-run-id')!;
    expect(runId).toMatch(/^[\w-]+$/);
    const events = chunks(await response.text());
    const output = events.find((event) => event.type === 'tool-output-available');
    expect(output.output).toMatch(/^Exported 3 tickets: 2 open, 1 closed/);
    expect(events.find((e) => e.type === 'tool-input-available').toolName).toBe('summariseTickets');
    expect(events.at(-1).type).toBe('finish');

    await expect(status('alice', runId)).resolves.toMatchObject({
      runId,
      status: 'finished',
      answer: expect.stringContaining('Exported 3 tickets'),
      pendingApprovals: 0,
    });
    const byChat = await call('alice', '/api/chat/export-1/stream');
    expect(byChat.headers.get('x-run-id')).toBe(runId);
    expect(chunks(await byChat.text())).toEqual(events);
    const byRun = await call('alice', `/api/runs/${runId}/stream`);
    expect(chunks(await byRun.text())).toEqual(events);
  });

  it("does not let bob read, watch or stop alice's run", async () => {
    process.env.SAMPLE_SLOW_TOOL_MS = '0';
    const response = await call('alice', '/api/chat', {
      method: 'POST',
      body: JSON.stringify(question('private-1', 'Summarise my tickets')),
    });
    const runId = response.headers.get('x-run-id')!;
    await response.text();
    expect((await call('bob', `/api/runs/${runId}`)).status).toBe(404);
    expect((await call('bob', `/api/runs/${runId}/stream`)).status).toBe(404);
    // The same chat id is bob's own chat, with no run: nothing to resume, nothing to stop.
    expect((await call('bob', '/api/chat/private-1/stream')).status).toBe(204);
    await expect((await call('bob', '/api/chat/private-1/stop', { method: 'POST' })).json()).resolves.toEqual(
      {
        stopped: false,
      },
    );
    expect((await status('alice', runId)).status).toBe('finished');
  });

  it('stops a running run from the stop request: the run is cancelled and its stream ends', async () => {
    process.env.SAMPLE_SLOW_TOOL_MS = '30000';
    const response = await call('alice', '/api/chat', {
      method: 'POST',
      body: JSON.stringify(question('long-1', 'Summarise my tickets')),
    });
    const runId = response.headers.get('x-run-id')!;
    const body = response.text();
    await until(
      () => status('alice', runId),
      (s) => s.status === 'running',
      'the run is running',
    );
    const stop = await call('alice', '/api/chat/long-1/stop', { method: 'POST' });
    await expect(stop.json()).resolves.toEqual({ stopped: true });
    await until(
      () => status('alice', runId),
      (s) => s.status === 'cancelled',
      'the run is cancelled',
    );
    const events = chunks(await body);
    expect(events.some((event) => event.type === 'tool-output-available')).toBe(false);
  }, 20_000);

  it('refuses a run id that is not one of the user’s, and a bad request body, with clear errors', async () => {
    expect((await call('alice', '/api/runs/no-such-run')).status).toBe(404);
    const bad = await call('alice', '/api/chat', {
      method: 'POST',
      body: JSON.stringify({ id: 'x', messages: [] }),
    });
    expect(bad.status).toBe(400);
  });
});
