import { Inject, Injectable, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { Tool, ToolCallingModule, ToolParam } from 'nestjs-tool-calling';
import { McpServerModule, type McpSessionEventStore } from 'nestjs-tool-calling/mcp';
import { RedisMcpEventStore } from 'nestjs-tool-calling/redis';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { describeWithRedis } from '../../support/redis-suite';
import { startSessionV2Server, startStatelessV2Server, type BareV2Server } from './support/bare-v2-server';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';

// Replicas behind a round-robin balancer with no affinity: stateless requests (every 2026-07-28 request, and
// 2025-era requests to a stateless endpoint) are served by whichever replica gets them; a 2025-era session lives in
// the memory of the replica that created it, so sessions need affinity.

const REPLICA = Symbol('replica');
const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: '2026-07-28' } } };
const LEGACY: ClientOptions = { versionNegotiation: { mode: 'legacy' } };

@Injectable()
class ReplicaTools {
  constructor(@Inject(REPLICA) private readonly replica: string) {}

  @Tool({ description: 'Says the text back, naming the replica that answers' })
  echo(@ToolParam({ description: 'text' }) text: string): string {
    return `${text} from ${this.replica}`;
  }
}

@Module({})
class ReplicaAppModule {
  static register(replica: string): DynamicModule {
    return {
      module: ReplicaAppModule,
      imports: [
        ToolCallingModule.forRoot({ chatModel: new ScriptedChatModel([]) }),
        McpServerModule.forRoot({}),
      ],
      providers: [ReplicaTools, { provide: REPLICA, useValue: replica }],
    };
  }
}

async function startReplica(replica: string): Promise<{ app: INestApplication; url: string }> {
  const moduleRef = await Test.createTestingModule({
    imports: [ReplicaAppModule.register(replica)],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

async function connect(url: string, options: ClientOptions): Promise<Client> {
  const client = new Client({ name: 'replicas-client', version: '1.0.0' }, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function callEchoes(client: Client, tool: string, times: number): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < times; i++) {
    const result = await client.callTool({
      name: tool,
      arguments: tool === 'echo' ? { text: `hi ${i}` } : {},
    });
    answers.push((result.content as { text: string }[])[0].text);
  }
  return answers;
}

describe('two McpServerModule replicas behind a round-robin proxy', () => {
  let replicas: { app: INestApplication; url: string }[];
  let proxy: RoundRobinProxy;
  beforeAll(async () => {
    replicas = [await startReplica('replica-1'), await startReplica('replica-2')];
    proxy = await startRoundRobinProxy(replicas.map((replica) => replica.url));
  });
  afterAll(async () => {
    await proxy.close();
    for (const replica of replicas) await replica.app.close();
  });

  async function servesOneClient(options: ClientOptions): Promise<void> {
    const before = [...proxy.served];
    const client = await connect(`${proxy.url}/mcp`, options);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('echo');
      const answers = await callEchoes(client, 'echo', 4);

      expect(answers.map((answer) => answer.replace(/^hi \d from /, ''))).toEqual(
        expect.arrayContaining(['replica-1', 'replica-2']),
      );
      expect(answers.every((answer, i) => answer.startsWith(`hi ${i} from replica-`))).toBe(true);
      expect(proxy.served.map((count, i) => count - before[i]).every((count) => count > 0)).toBe(true);
    } finally {
      await client.close();
    }
  }

  it('serve one 2025-11-25 client (official SDK v2, legacy era) with no affinity', () =>
    servesOneClient(LEGACY));

  it('serve one 2026-07-28 client (official SDK v2) with no affinity', () => servesOneClient(MODERN));
});

describe('the harness on bare SDK v2 servers (no Nest)', () => {
  describe('stateless replicas', () => {
    let replicas: BareV2Server[];
    let proxy: RoundRobinProxy;
    beforeAll(async () => {
      replicas = [await startStatelessV2Server('one'), await startStatelessV2Server('two')];
      proxy = await startRoundRobinProxy(replicas.map((replica) => replica.url));
    });
    afterAll(async () => {
      await proxy.close();
      for (const replica of replicas) await replica.close();
    });

    it.each([
      ['2026-07-28', MODERN],
      ['2025-11-25', LEGACY],
    ])('serve one %s client, each replica answering some of its calls', async (_era, options) => {
      const client = await connect(`${proxy.url}/mcp`, options);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name).sort()).toEqual(['steps', 'whoami']);
        const answers = await callEchoes(client, 'whoami', 4);
        expect(new Set(answers)).toEqual(new Set(['one', 'two']));
        expect(replicas.every((replica) => replica.requests.length > 0)).toBe(true);
      } finally {
        await client.close();
      }
    });
  });

  describeWithRedis('2025-era sessions sharing a Redis event store', (live) => {
    let store: McpSessionEventStore & { close(): Promise<void> };
    let replicas: BareV2Server[];
    let proxy: RoundRobinProxy;
    beforeAll(async () => {
      store = new RedisMcpEventStore(live.server.url, { keyPrefix: 'replicas-e2e:' });
      replicas = [await startSessionV2Server('one', store), await startSessionV2Server('two', store)];
      proxy = await startRoundRobinProxy(replicas.map((replica) => replica.url));
    });
    afterAll(async () => {
      await proxy.close();
      for (const replica of replicas) await replica.close();
      await store.close();
    });

    // The SDK keeps a session's transport (its streams, its pending requests) in the replica's memory: a shared
    // event store lets a client resume a stream, not move a session. Sessions need a balancer with affinity.
    it('cannot move a session without affinity: the replica that did not create it answers 404', async () => {
      const client = new Client({ name: 'session-client', version: '1.0.0' }, LEGACY);
      const transport = new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp`));
      const connecting = client.connect(transport).then(() => client.listTools());
      await expect(connecting).rejects.toThrow(/404|Session not found/);
      await client.close();
      const sessionRequests = proxy.log.filter((entry) => entry.session !== undefined);
      expect(sessionRequests.length).toBeGreaterThan(0);
    });
  });
});
