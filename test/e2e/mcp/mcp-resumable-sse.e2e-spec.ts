import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { InMemoryMcpEventStore, type McpSessionEventStore } from '../../../lib/mcp';
import { RedisMcpEventStore } from '../../../lib/redis';
import { describeWithRedis } from '../../support/redis-suite';
import { startSessionV2Server, type BareV2Server } from './support/bare-v2-server';

// A 2025-11-25 session whose SSE stream the server drops midway through a tool call (the SDK's SSE polling: the
// client reconnects with Last-Event-ID): the events written while no stream was open reach the client by replay
// from the event store, in order, and the call completes.

async function callStepsResuming(url: string): Promise<{ progress: number[]; text: string }> {
  const client = new Client({ name: 'resuming-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    reconnectionOptions: {
      initialReconnectionDelay: 20,
      maxReconnectionDelay: 100,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 5,
    },
  });
  await client.connect(transport);
  try {
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'steps', arguments: {} },
      { onprogress: ({ progress: done }) => progress.push(done), timeout: 5000 },
    );
    const [first] = result.content as { type: string; text: string }[];
    return { progress, text: first.text };
  } finally {
    await client.close();
  }
}

function resumes(name: string, makeStore: () => McpSessionEventStore): void {
  describe(`resumable SSE with the ${name}`, () => {
    let server: BareV2Server;
    beforeEach(async () => {
      server = await startSessionV2Server('one', makeStore());
    });
    afterEach(() => server.close());

    it('replays the events written while the stream was down, after the Last-Event-ID the client sends', async () => {
      const { progress, text } = await callStepsResuming(server.url);

      expect(text).toBe('done on one');
      expect(progress).toEqual([1, 2, 3]);
      const resumed = server.requests.filter((r) => r.method === 'GET' && r.lastEventId !== undefined);
      expect(resumed.length).toBeGreaterThanOrEqual(1);
    });
  });
}

resumes('in-memory store', () => new InMemoryMcpEventStore());

describeWithRedis('the Redis MCP event store', (live) => {
  let store: RedisMcpEventStore;
  beforeAll(() => {
    store = new RedisMcpEventStore(live.server.url, { keyPrefix: 'resume-e2e:' });
  });
  afterAll(() => store.close());
  resumes('Redis store', () => store);

  it('keeps the events in Redis Streams under the key prefix, expiring', async () => {
    const server = await startSessionV2Server('one', store);
    try {
      await callStepsResuming(server.url);
    } finally {
      await server.close();
    }
    const keys = await live.client.keys('resume-e2e:mcp-events:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(await live.client.type(key)).toBe('stream');
      expect(await live.client.pttl(key)).toBeGreaterThan(0);
    }
  });
});
