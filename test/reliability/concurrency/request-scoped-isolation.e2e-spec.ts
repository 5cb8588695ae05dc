/** @jest-environment ./test/reliability/support/host-process.environment.js */
import {
  Body,
  Controller,
  Headers,
  Inject,
  Injectable,
  Module,
  Post,
  Scope,
  type INestApplication,
} from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  ChatClient,
  Tool,
  ToolCallingModule,
  ToolContext,
  ToolParam,
  type Prompt,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ScriptedResponse } from 'nestjs-tool-calling/testing';
import { installProcessGuard } from '../support/process-guard';
import { Rendezvous } from '../support/rendezvous';

const guard = installProcessGuard();

const REQUESTS = 200;

interface HttpRequest {
  readonly headers: Record<string, string | undefined>;
}

/** What a request-scoped tool instance saw on one call. */
interface Sighting {
  readonly caller: number;
  readonly instance: number;
  readonly callerHeader: string | undefined;
  readonly secretHeader: string | undefined;
  readonly tenant: unknown;
  readonly contextHoldsThisRequest: boolean;
}

@Injectable()
class Probe {
  readonly sightings: Sighting[] = [];
  readonly firstCalls = new Rendezvous(REQUESTS);
  readonly called = new Set<number>();
}

@Injectable({ scope: Scope.REQUEST })
class SessionTools {
  private static created = 0;
  private readonly instance = ++SessionTools.created;

  constructor(
    @Inject(REQUEST) private readonly req: HttpRequest,
    private readonly probe: Probe,
  ) {}

  @Tool({ description: 'Tickets of the caller' })
  async myTickets(@ToolParam({ description: 'Caller number' }) caller: number, context: ToolContext) {
    // The first call of every HTTP request waits until all the requests have one running.
    if (!this.probe.called.has(caller)) {
      this.probe.called.add(caller);
      await this.probe.firstCalls.arrive();
    }
    this.probe.sightings.push({
      caller,
      instance: this.instance,
      callerHeader: this.req.headers['x-caller'],
      secretHeader: this.req.headers['x-secret'],
      tenant: context.get('tenant'),
      contextHoldsThisRequest: context.execution?.request === this.req,
    });
    return `caller #${caller} has 3 tickets`;
  }
}

@Controller('ask')
class AskController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  async ask(@Body('caller') caller: number, @Headers('x-tenant') tenant: string) {
    return { answer: await this.chat.prompt(`caller ${caller}`).toolContext({ tenant }).call().content() };
  }
}

/** Two rounds of myTickets (the same instance must serve both), then the answer. */
function script(prompt: Prompt): ScriptedResponse {
  const first = prompt.messages[0];
  const caller = Number(first.role === 'user' ? first.content.replace('caller ', '') : NaN);
  const rounds = prompt.messages.filter((message) => message.role === 'tool').length;
  return rounds < 2 ? { toolCalls: [{ name: 'myTickets', arguments: { caller } }] } : `answer for #${caller}`;
}

describe(`a request-scoped @Tool under ${REQUESTS} concurrent HTTP requests`, () => {
  const model = new ScriptedChatModel(script);
  let app: INestApplication;
  let probe: Probe;

  beforeAll(async () => {
    @Module({
      imports: [ToolCallingModule.forRoot({ chatModel: model })],
      controllers: [AskController],
      providers: [Probe, SessionTools],
    })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    probe = app.get(Probe);
  });

  afterAll(() => app?.close());

  it('binds every tool call to the HTTP request it serves, and shows the model none of the request data', async () => {
    const url = await app.getUrl();
    const callers = Array.from({ length: REQUESTS }, (_, n) => ({
      n,
      secret: `ctx-secret-${randomUUID()}`,
      tenant: `ctx-tenant-${randomUUID()}`,
    }));

    const responses = await Promise.all(
      callers.map(({ n, secret, tenant }) =>
        request(url)
          .post('/ask')
          .set('x-caller', `caller-${n}`)
          .set('x-secret', secret)
          .set('x-tenant', tenant)
          .send({ caller: n }),
      ),
    );

    expect(responses.map((response) => [response.status, response.body])).toEqual(
      callers.map(({ n }) => [201, { answer: `answer for #${n}` }]),
    );
    expect(probe.firstCalls.count).toBe(REQUESTS);
    expect(probe.sightings).toHaveLength(2 * REQUESTS);
    const instances = new Map<number, Set<number>>();
    for (const seen of probe.sightings) {
      const { secret, tenant } = callers[seen.caller];
      expect(seen).toEqual({
        caller: seen.caller,
        instance: seen.instance,
        callerHeader: `caller-${seen.caller}`,
        secretHeader: secret,
        tenant,
        contextHoldsThisRequest: true,
      });
      instances.set(seen.caller, (instances.get(seen.caller) ?? new Set()).add(seen.instance));
    }
    expect([...instances.values()].map((set) => set.size)).toEqual(callers.map(() => 1));
    expect(new Set([...instances.values()].map((set) => [...set][0])).size).toBe(REQUESTS);

    const everythingSent = JSON.stringify(model.requests);
    expect(model.requests).toHaveLength(3 * REQUESTS);
    expect(everythingSent).toContain('caller #199 has 3 tickets');
    expect(everythingSent).not.toContain('ctx-');
    expect(everythingSent).not.toMatch(/caller-\d/);
  }, 30_000);
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
