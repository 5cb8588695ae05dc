import type { ExecutionContext, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { CHAT_MODEL, type Prompt } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  auditLog,
  AuthGuard,
  SecuredDeskModule,
  TicketTools,
  type AuthenticatedRequest,
} from '../../docs/examples/securing-tools.example';

/** Asks for closeTicket(7), then reports the tools it was offered and the result it got. */
const model = () =>
  new ScriptedChatModel((prompt: Prompt) => {
    const last = prompt.messages.at(-1)!;
    if (last.role !== 'tool') return { toolCalls: [{ name: 'closeTicket', arguments: { id: 7 } }] };
    const offered = prompt.tools.map((tool) => tool.name).join(',');
    return `${offered} | ${last.responses[0].result}`;
  });

describe('docs/examples/securing-tools.example.ts', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [SecuredDeskModule] })
      .overrideProvider(CHAT_MODEL)
      .useValue(model())
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  const ask = (token?: string) => {
    const call = request(app.getHttpServer()).post('/chat');
    return (token ? call.set('authorization', `Bearer ${token}`) : call).send({ question: 'close 7' });
  };

  it('lets the admin close the ticket, and audits the call', async () => {
    const { text } = await ask('token-alice').expect(201);
    expect(text).toBe('listTickets,closeTicket | ticket 7 closed');
    expect(app.get(TicketTools).closed).toEqual([7]);
    expect(auditLog.at(-1)).toMatch(/^alice ran closeTicket \(.+\) in \d+ ms$/);
  });

  it('does not offer the tool to the agent, and refuses it when asked anyway', async () => {
    const { text } = await ask('token-bob').expect(201);
    expect(text).toMatch(
      /^listTickets \| Unknown tool "closeTicket"\. The available tools are: "listTickets"/,
    );
    expect(app.get(TicketTools).closed).toEqual([7]);
  });

  it('puts a user with an id on the request, as approvals need (issue 23: the default callerId found none)', () => {
    for (const token of ['token-alice', 'token-bob']) {
      const req: AuthenticatedRequest = { headers: { authorization: `Bearer ${token}` } };
      const http = { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) };
      expect(new AuthGuard().canActivate(http as unknown as ExecutionContext)).toBe(true);
      expect(req.user?.id).toEqual(expect.any(String));
    }
  });

  it('keeps the global guard and filter working for HTTP', async () => {
    await ask().expect(401, { statusCode: 401 });
  });
});
