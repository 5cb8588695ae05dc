import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ChatClient, InMemoryApprovalStore, userMessage } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  DeskModule,
  PaymentTools,
  TenantRulesAdvisor,
  redisChatClient,
} from '../../docs/examples/memory-and-approvals.example';
import { describeIf } from '../support/describe-if';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../support/redis-server';
import { NO_REDIS_SERVER } from '../support/redis-suite';

const ada = { user: { id: 'ada' } };

describe('docs/examples/memory-and-approvals.example.ts', () => {
  it('the policy: small refunds run, large ones and interns’ wait', async () => {
    const tools = new PaymentTools();
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { id: 'small', name: 'refund', arguments: { amount: 20 } },
          { id: 'big', name: 'refund', arguments: { amount: 900 } },
        ],
      },
      { toolCalls: [{ id: 'intern', name: 'refund', arguments: { amount: 5 } }] },
    ]);
    const chat = ChatClient.create(
      model,
      { tools: [tools] },
      { approvals: { store: new InMemoryApprovalStore() } },
    );
    const first = await chat
      .prompt('Refund')
      .request(ada)
      .toolContext({ customer: 'c1' })
      .call()
      .chatResponse();
    expect(tools.refunds).toEqual([20]);
    expect(first.pendingApprovals.map((a) => a.toolCallId)).toEqual(['big']);
    const second = await chat
      .prompt('Refund')
      .request(ada)
      .toolContext({ role: 'intern' })
      .call()
      .chatResponse();
    expect(second.pendingApprovals.map((a) => a.toolCallId)).toEqual(['intern']);
  });

  it('the controller and module options: a conversation, an approval by the same user or a supervisor', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'closeTicket', arguments: { id: 3 } }] },
      'Ticket 3 is closed.',
      'You closed ticket 3.',
    ]);
    const users: Record<string, { id: string; role?: string }> = {
      ada: { id: 'ada' },
      bob: { id: 'bob' },
      sue: { id: 'sue', role: 'supervisor' },
    };
    const moduleRef = await Test.createTestingModule({ imports: [DeskModule.forRoot(model)] }).compile();
    const app: INestApplication = moduleRef.createNestApplication({ logger: false });
    app.use((req: { headers: Record<string, string>; user?: unknown }, _res: unknown, next: () => void) => {
      req.user = users[req.headers['x-user']];
      next();
    });
    await app.init();
    const as = (user: string) => ({ 'x-user': user });
    try {
      const asked = await request(app.getHttpServer())
        .post('/chat')
        .set(as('ada'))
        .send({ question: 'Close ticket 3', conversationId: 'c-1' })
        .expect(201);
      const id = asked.body.pendingApprovals[0].id;
      const forbidden = await request(app.getHttpServer())
        .post(`/chat/approvals/${id}`)
        .set(as('bob'))
        .send({ approved: true })
        .expect(403);
      expect(forbidden.body).toEqual({
        statusCode: 403,
        message:
          'this caller may not decide the approval of the call of "closeTicket" (it belongs to another user)',
        error: 'Forbidden',
      });
      const bad = await request(app.getHttpServer())
        .post(`/chat/approvals/${id}`)
        .set(as('sue'))
        .send({ approved: 'yes' })
        .expect(400);
      expect(bad.body.message).toBe('a decision is { approved: boolean, reason?: string }');
      await request(app.getHttpServer())
        .post('/chat/approvals/no-such-id')
        .set(as('sue'))
        .send({ approved: true })
        .expect(404);
      const done = await request(app.getHttpServer())
        .post(`/chat/approvals/${id}`)
        .set(as('sue'))
        .send({ approved: true })
        .expect(201);
      expect(done.body.answer).toBe('Ticket 3 is closed.');
      await request(app.getHttpServer())
        .post(`/chat/approvals/${id}`)
        .set(as('ada'))
        .send({ approved: true })
        .expect(409);
      await request(app.getHttpServer())
        .post('/chat')
        .set(as('ada'))
        .send({ question: 'What did I do?', conversationId: 'c-1' })
        .expect(201);
      expect(model.requests[2].messages.map((m) => m.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'assistant',
        'user',
      ]);
    } finally {
      await app.close();
    }
  });

  it('the advisor adds the tenant’s rules and counts its tokens', async () => {
    const model = new ScriptedChatModel([
      { text: 'ok', usage: { promptTokens: 7, completionTokens: 3, totalTokens: 10 } },
    ]);
    const advisor = new TenantRulesAdvisor((tenant) => `Rules of ${tenant}`);
    await ChatClient.create(model)
      .prompt('Hi')
      .toolContext({ tenant: 'acme' })
      .advisors(advisor)
      .call()
      .content();
    expect(model.requests[0].messages).toEqual([
      { role: 'system', content: 'Rules of acme' },
      userMessage('Hi'),
    ]);
    expect(advisor.tokens.get('acme')).toBe(10);
  });

  describeIf(REDIS_SERVER, NO_REDIS_SERVER)('with a real redis-server', () => {
    let redis: RunningRedis;
    beforeAll(async () => (redis = await startRedis()));
    afterAll(() => redis?.stop());

    it('redisChatClient() pauses on one client and resumes on another', async () => {
      const a = redisChatClient(
        new ScriptedChatModel([{ toolCalls: [{ name: 'closeTicket', arguments: { id: 1 } }] }]),
        redis.url,
      );
      const b = redisChatClient(new ScriptedChatModel(['Closed.']), redis.url);
      try {
        const paused = await a.chat.prompt('Close 1').request(ada).conversationId('r1').call().chatResponse();
        const id = paused.pendingApprovals[0].id;
        expect(await b.chat.prompt().request(ada).resume(id, { approved: true }).content()).toBe('Closed.');
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
