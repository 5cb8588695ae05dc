import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { describeIf } from '../../../support/describe-if';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../../../support/redis-server';
import { NO_REDIS_SERVER } from '../../../support/redis-suite';
import { signIn } from '../support-desk.app';
import { startReplica, type Replica } from './replica';

describeIf(REDIS_SERVER, NO_REDIS_SERVER)('sample app: two replicas sharing one Redis', () => {
  let redis: RunningRedis;
  let client: Redis;
  let a: Replica;
  let b: Replica;
  let dir: string;
  // Signed in once, on A: the JWT is accepted by every replica (they share the secret).
  const headers: Record<string, string> = {};
  const bobHeaders: Record<string, string> = {};

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
    dir = mkdtempSync(join(tmpdir(), 'support-desk-'));
    // One ticket database for both, as replicas behind a load balancer share theirs.
    const env = { REDIS_URL: redis.url, SUPPORT_DB_PATH: join(dir, 'tickets.db') };
    a = await startReplica(env);
    b = await startReplica(env);
    headers.authorization = await signIn(a.url, 'alice');
    bobHeaders.authorization = await signIn(a.url, 'bob');
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await client?.quit();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a question on A, a follow-up on B: B sees the history', async () => {
    const first = (
      await request(a.url)
        .post('/chat')
        .set(headers)
        .send({ question: 'What is the weather in Paris?' })
        .expect(201)
    ).body;
    const followUp = (
      await request(b.url)
        .post('/chat')
        .set(headers)
        .send({ question: 'List my open tickets', conversationId: first.conversationId })
        .expect(201)
    ).body;
    const alone = (
      await request(b.url).post('/chat').set(headers).send({ question: 'List my open tickets' }).expect(201)
    ).body;
    expect(followUp.usage.promptTokens).toBeGreaterThan(alone.usage.promptTokens);
    const stored = await client.lrange(`nestjs-tool-calling:memory:${first.conversationId}`, 0, -1);
    expect(stored.map((entry) => JSON.parse(entry).role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant', // asked on A
      'user',
      'assistant',
      'tool',
      'assistant', // asked on B
    ]);
    expect(JSON.parse(stored[0]).message).toEqual({ role: 'user', content: 'What is the weather in Paris?' });
  });

  it('approval asked on A, A killed, granted on B: the ticket is closed once, nothing lost', async () => {
    const asked = (
      await request(a.url).post('/chat').set(headers).send({ question: 'Close ticket 1' }).expect(201)
    ).body;
    const [approval] = asked.pendingApprovals;
    expect(approval).toMatchObject({ toolName: 'closeTicket', arguments: { id: 1 } });

    await a.kill();

    const other = await request(b.url)
      .post(`/chat/approvals/${approval.id}`)
      .set(bobHeaders)
      .send({ approved: true })
      .expect(403);
    expect(other.body).toEqual({
      statusCode: 403,
      message:
        'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
      error: 'Forbidden',
    });
    const granted = (
      await request(b.url)
        .post(`/chat/approvals/${approval.id}`)
        .set(headers)
        .send({ approved: true })
        .expect(201)
    ).body;
    expect(granted.conversationId).toBe(asked.conversationId);
    expect(granted.toolCalls).toHaveLength(1);
    expect(JSON.parse(granted.toolCalls[0].result)).toMatchObject({ id: 1, status: 'closed' });
    await request(b.url)
      .post(`/chat/approvals/${approval.id}`)
      .set(headers)
      .send({ approved: true })
      .expect(409);

    const stored = await client.lrange(`nestjs-tool-calling:memory:${asked.conversationId}`, 0, -1);
    expect(stored.map((entry) => JSON.parse(entry).role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const ticket = (
      await request(b.url).post('/chat').set(headers).send({ question: 'Show ticket #1' }).expect(201)
    ).body;
    expect(JSON.parse(ticket.toolCalls[0].result)).toMatchObject({ id: 1, status: 'closed' });
  });
});
