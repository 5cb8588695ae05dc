import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { ExecutionContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  ChatClient,
  ToolCallbackRegistry,
  ToolContext,
  ToolExecutionContext,
  type ToolContextType,
} from 'nestjs-tool-calling';
import { CapturingLogger, startApp } from '../module/fixtures/start-app';
import type { AgentReport } from './fixtures/scripted-agent';
import {
  CreateTicketDto,
  Journal,
  SecuredToolsAppModule,
  USERS,
  type User,
} from './fixtures/secured-tools.app';

async function chatAs(app: INestApplication, user: string, message: string): Promise<AgentReport> {
  const response = await request(app.getHttpServer())
    .post('/chat')
    .set('x-user', user)
    .send({ message })
    .expect(201);
  return response.body as AgentReport;
}

describe('Tools as Nest handlers: guards, interceptors, pipes and filters on tool calls', () => {
  let app: INestApplication;
  let journal: Journal;

  beforeAll(async () => {
    app = await startApp(SecuredToolsAppModule.with());
    journal = app.get(Journal);
  });

  afterAll(() => app.close());

  describe('a role guard with @Roles() on the tool method', () => {
    it('lets an admin call the tool', async () => {
      const report = await chatAs(app, 'alice', 'call closeTicket {"id":"T-1"}');
      expect(report.results).toEqual([{ name: 'closeTicket', result: 'closed T-1', isError: false }]);
      expect(journal.closed).toContainEqual({ id: 'T-1', by: undefined });
    });

    it('hides the tool from an agent, and refuses it as unknown when asked anyway', async () => {
      const before = journal.closed.length;
      const report = await chatAs(app, 'bob', 'call closeTicket {"id":"T-2"}');
      expect(report.offered).not.toContain('closeTicket');
      expect(report.offered).toEqual(expect.arrayContaining(['listTickets', 'lookUp', 'echo']));
      expect(report.results[0].isError).toBe(true);
      expect(report.results[0].result).toMatch(/^Unknown tool "closeTicket"\. The available tools are: /);
      expect(report.results[0].result.split('available tools are:')[1]).not.toContain('closeTicket');
      expect(journal.closed.length).toBe(before);
    });

    it('offers alice the tool and bob not, each seeing his own list', async () => {
      const [alice, bob] = await Promise.all([chatAs(app, 'alice', 'hello'), chatAs(app, 'bob', 'hello')]);
      expect(alice.offered).toContain('closeTicket');
      expect(bob.offered).not.toContain('closeTicket');
      expect(alice.offered).not.toContain('hostile');
      expect(alice.offered.filter((name) => !bob.offered.includes(name))).toEqual([
        'closeTicket',
        'readSecret',
      ]);
    });
  });

  describe('a global guard (APP_GUARD) that branches on getType()', () => {
    it('authenticates HTTP requests and sees tool calls as type "tool"', async () => {
      await request(app.getHttpServer()).post('/chat').send({ message: 'hello' }).expect(401);
      journal.entries.length = 0;
      await chatAs(app, 'bob', 'call listTickets');
      expect(journal.entries).toContain('auth:tool:listTickets');
    });

    it('runs for visibility without arguments, and for the call with them', async () => {
      journal.arguments.length = 0;
      await chatAs(app, 'alice', 'call closeTicket {"id":"T-5"}');
      expect(journal.arguments).toContainEqual({ tool: 'closeTicket', callId: undefined, args: undefined });
      expect(journal.arguments).toContainEqual({
        tool: 'closeTicket',
        callId: 'call-0',
        args: { id: 'T-5' },
      });
    });

    it('offers no tool to a chat call made for no caller', async () => {
      const chat = app.get(ChatClient);
      const report = JSON.parse(await chat.prompt().user('call listTickets').call().content()) as AgentReport;
      expect(report.offered).toEqual([]);
      expect(report.results[0]).toMatchObject({ name: 'listTickets', isError: true });
    });

    it('uses the caller given with .request(req)', async () => {
      const chat = app.get(ChatClient);
      const content = await chat
        .prompt()
        .request({ user: USERS.alice })
        .user('call closeTicket {"id":"T-7"}')
        .call()
        .content();
      expect((JSON.parse(content) as AgentReport).results[0]).toEqual({
        name: 'closeTicket',
        result: 'closed T-7',
        isError: false,
      });
    });
  });

  describe('interceptors', () => {
    it('one that times the call sees the tool name and call id', async () => {
      journal.entries.length = 0;
      journal.timings.length = 0;
      const report = await chatAs(app, 'bob', 'call lookUp {"id":"T-3"}');
      expect(report.results[0]).toEqual({ name: 'lookUp', result: 'ticket T-3', isError: false });
      expect(journal.entries).toContain('timing:lookUp:call-0');
      expect(journal.timings).toEqual([{ tool: 'lookUp', ms: expect.any(Number) }]);
    });

    it('one that transforms the result changes what the model sees', async () => {
      const report = await chatAs(app, 'bob', 'call echo {"text":"quiet please"}');
      expect(report.results[0]).toEqual({ name: 'echo', result: 'QUIET PLEASE', isError: false });
    });
  });

  describe('pipes', () => {
    it('a ValidationPipe with a DTO tells the model which fields are wrong', async () => {
      const report = await chatAs(app, 'bob', 'call createTicket {"title":"abc"}');
      expect(report.results[0].isError).toBe(true);
      expect(report.results[0].result).toBe(
        'title must be longer than or equal to 5 characters (HTTP 400 Bad Request)',
      );
    });

    it('a ValidationPipe with transform hands the method a DTO instance', async () => {
      journal.received = [];
      const report = await chatAs(app, 'bob', 'call createTicket {"title":"Printer on fire"}');
      expect(report.results[0]).toEqual({
        name: 'createTicket',
        result: 'created "Printer on fire"',
        isError: false,
      });
      expect(journal.received[0]).toBeInstanceOf(CreateTicketDto);
    });
  });

  describe('filters and HTTP exceptions', () => {
    it("a filter's mapped value is what the model sees", async () => {
      const report = await chatAs(app, 'bob', 'call refund {"orderId":"O-9"}');
      expect(report.results[0]).toEqual({
        name: 'refund',
        result: JSON.stringify({ refunded: false, reason: 'no order O-9', type: 'tool' }),
        isError: false,
      });
    });

    it('an HttpException becomes its message and status, flagged as an error, without a stack', async () => {
      const report = await chatAs(app, 'bob', 'call archive {"id":"T-4"}');
      expect(report.results[0]).toEqual({
        name: 'archive',
        result: 'ticket T-4 not found (HTTP 404 Not Found)',
        isError: true,
      });
    });
  });

  describe('a request-scoped guard', () => {
    it('is resolved in the HTTP request’s DI sub-tree and reads the caller', async () => {
      journal.scopedGuardRequests.length = 0;
      const alice = await chatAs(app, 'alice', 'call readSecret');
      const bob = await chatAs(app, 'bob', 'call readSecret');
      expect(alice.results[0]).toEqual({ name: 'readSecret', result: 'the secret', isError: false });
      expect(bob.offered).not.toContain('readSecret');
      expect(bob.results[0].isError).toBe(true);
      expect(journal.scopedGuardRequests.length).toBeGreaterThanOrEqual(3);
      expect(journal.scopedGuardRequests.every((same) => same === true)).toBe(true);
    });
  });

  it('resolves a request-scoped tool with enhancers in the caller’s DI sub-tree', async () => {
    const [alice, bob] = await Promise.all([
      chatAs(app, 'alice', 'call whoAmI'),
      chatAs(app, 'bob', 'call whoAmI'),
    ]);
    expect(alice.results[0]).toEqual({ name: 'whoAmI', result: 'alice', isError: false });
    expect(bob.results[0]).toEqual({ name: 'whoAmI', result: 'bob', isError: false });
  });

  it('runs the enhancers for whoever calls the ToolCallback, with the caller from the ToolContext', async () => {
    const callback = app.get(ToolCallbackRegistry).get('closeTicket')!;
    const as = (user: User) => ToolContext.empty().forRequest({ user });
    await expect(callback.isVisible!(as(USERS.bob))).resolves.toBe(false);
    await expect(callback.isVisible!(as(USERS.alice))).resolves.toBe(true);
    await expect(callback.call('{"id":"D-1"}', as(USERS.bob))).rejects.toThrow(
      'not permitted: the caller may not use the tool "closeTicket"',
    );
    await expect(callback.call('{"id":"D-1"}', as(USERS.alice))).resolves.toBe('closed D-1');
  });

  it('keeps 200 concurrent callers of two roles apart', async () => {
    const users = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 'alice' : 'bob'));
    const reports = await Promise.all(
      users.map((user, i) => chatAs(app, user, `call closeTicket {"id":"C-${i}"} && lookUp {"id":"C-${i}"}`)),
    );
    reports.forEach((report, i) => {
      const admin = users[i] === 'alice';
      expect(report.offered.includes('closeTicket')).toBe(admin);
      expect(report.results[0]).toMatchObject(
        admin ? { result: `closed C-${i}`, isError: false } : { isError: true },
      );
      expect(report.results[1]).toEqual({ name: 'lookUp', result: `ticket C-${i}`, isError: false });
    });
    const closed = new Set(journal.closed.map((entry) => entry.id));
    users.forEach((user, i) => expect(closed.has(`C-${i}`)).toBe(user === 'alice'));
  });
});

describe('Tools as Nest handlers: the cost', () => {
  it('keeps the direct path for a tool without enhancers, own or global', async () => {
    const app = await startApp(SecuredToolsAppModule.with({ globalGuard: false }));
    try {
      const registry = app.get(ToolCallbackRegistry);
      expect(registry.get('listTickets')!.constructor.name).toBe('MethodToolCallback');
      expect(registry.get('listTickets')!.isVisible).toBeUndefined();
      expect(registry.get('lookUp')!.constructor.name).toBe('HandlerToolCallback');
      expect(registry.get('lookUp')!.isVisible).toBeUndefined();
      expect(registry.get('closeTicket')!.isVisible).toBeInstanceOf(Function);
    } finally {
      await app.close();
    }
  });

  it('takes the pipeline for every tool when a global enhancer is registered', async () => {
    const app = await startApp(SecuredToolsAppModule.with());
    try {
      expect(app.get(ToolCallbackRegistry).get('listTickets')!.constructor.name).toBe('HandlerToolCallback');
    } finally {
      await app.close();
    }
  });
});

describe('Tools as Nest handlers: a guard that fails while deciding visibility', () => {
  it('hides the tool and warns once, without the thrown value breaking anything', async () => {
    const logger = new CapturingLogger();
    const app = await startApp(SecuredToolsAppModule.with({ globalGuard: false }), logger);
    try {
      const chat = app.get(ChatClient);
      for (let i = 0; i < 2; i++) {
        const report = JSON.parse(
          await chat.prompt().request({ user: USERS.alice }).user('hello').call().content(),
        ) as AgentReport;
        expect(report.offered).not.toContain('hostile');
        expect(report.offered).toContain('closeTicket');
      }
      expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([
        {
          level: 'warn',
          message:
            'the guards of the tool "hostile" failed while deciding whether to offer it ' +
            '(object: a thrown object that cannot be shown); it is not offered',
        },
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('Tools as Nest handlers: app.useGlobalGuards()', () => {
  it('runs a guard registered on the application around tool calls', async () => {
    const seen: string[] = [];
    const noListing = {
      canActivate(context: ExecutionContext): boolean {
        if (context.getType<ToolContextType>() !== 'tool') return true;
        const name = ToolExecutionContext.create(context).getToolName();
        seen.push(name);
        return name !== 'listTickets';
      },
    };
    const moduleRef = await Test.createTestingModule({
      imports: [SecuredToolsAppModule.with({ globalGuard: false })],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalGuards(noListing);
    await app.init();
    try {
      const report = JSON.parse(
        await app
          .get(ChatClient)
          .prompt()
          .request({ user: USERS.alice })
          .user('call lookUp {"id":"G-1"}')
          .call()
          .content(),
      ) as AgentReport;
      expect(report.offered).not.toContain('listTickets');
      expect(report.offered).toContain('lookUp');
      expect(report.results[0]).toEqual({ name: 'lookUp', result: 'ticket G-1', isError: false });
      expect(seen).toEqual(expect.arrayContaining(['listTickets', 'lookUp']));
    } finally {
      await app.close();
    }
  });
});

describe('Tools as Nest handlers: module options', () => {
  it('globalEnhancers: false keeps global guards off tool calls, and their own guards on', async () => {
    const app = await startApp(SecuredToolsAppModule.with({ globalEnhancers: false }));
    try {
      const journal = app.get(Journal);
      const chat = app.get(ChatClient);
      const report = JSON.parse(
        await chat.prompt().user('call listTickets && closeTicket {"id":"T-1"}').call().content(),
      ) as AgentReport;
      expect(journal.entries.filter((entry) => entry.startsWith('auth:'))).toEqual([]);
      expect(report.offered).toContain('listTickets');
      expect(report.offered).not.toContain('closeTicket');
      expect(report.results[0]).toEqual({ name: 'listTickets', result: '["T-1","T-2"]', isError: false });
    } finally {
      await app.close();
    }
  });

  it('hideDeniedTools: false offers every tool and refuses a denied call as not permitted', async () => {
    const app = await startApp(SecuredToolsAppModule.with({ globalGuard: false, hideDeniedTools: false }));
    try {
      const journal = app.get(Journal);
      const chat = app.get(ChatClient);
      const content = await chat
        .prompt()
        .request({ user: USERS.bob })
        .user('call closeTicket {"id":"T-1"}')
        .call()
        .content();
      const report = JSON.parse(content) as AgentReport;
      expect(report.offered).toContain('closeTicket');
      expect(report.results[0]).toEqual({
        name: 'closeTicket',
        result: 'not permitted: the caller may not use the tool "closeTicket"',
        isError: true,
      });
      expect(journal.closed).toEqual([]);

      const hostile = await chat
        .prompt()
        .request({ user: USERS.alice })
        .user('call hostile')
        .call()
        .content();
      expect((JSON.parse(hostile) as AgentReport).results[0]).toEqual({
        name: 'hostile',
        result: 'a thrown object that cannot be shown',
        isError: true,
      });
    } finally {
      await app.close();
    }
  });
});
