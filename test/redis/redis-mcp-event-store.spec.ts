import { RedisMcpEventStore } from '../../lib/redis';
import { behavesAsAnMcpEventStore } from '../mcp/server/event-store/mcp-event-store.contract';
import { describeWithRedis } from '../support/redis-suite';

describeWithRedis('RedisMcpEventStore', (live) => {
  const stores: RedisMcpEventStore[] = [];
  let prefix = 0;
  afterAll(() => Promise.all(stores.map((store) => store.close())));

  behavesAsAnMcpEventStore(() => {
    const store = new RedisMcpEventStore(live.server.url, {
      keyPrefix: `contract-${++prefix}:`,
      maxEventsPerStream: 3,
      ttlMs: 200,
    });
    stores.push(store);
    return store;
  });

  it('sees, on another connection (another replica), the events one connection stored', async () => {
    const writer = new RedisMcpEventStore(live.server.url, { keyPrefix: 'replicas:' });
    const reader = new RedisMcpEventStore(live.client, { keyPrefix: 'replicas:' });
    stores.push(writer);
    const first = await writer.forSession('s').storeEvent('stream', { n: 1 });
    await writer.forSession('s').storeEvent('stream', { n: 2 });
    const sent: object[] = [];
    await reader
      .forSession('s')
      .replayEventsAfter(first, { send: async (_id, message) => void sent.push(message) });
    expect(sent).toEqual([{ n: 2 }]);
  });

  it('fails with a StateStoreUnavailableError naming the store when Redis is unreachable', async () => {
    const store = new RedisMcpEventStore('redis://127.0.0.1:1', { keyPrefix: 'down:' });
    stores.push(store);
    await expect(store.forSession('s').storeEvent('stream', { n: 1 })).rejects.toMatchObject({
      name: 'StateStoreUnavailableError',
      message: expect.stringContaining('the Redis MCP event store'),
    });
  });

  it('refuses a bound below 1 with a ToolCallingOptionsError', () => {
    expect(() => new RedisMcpEventStore(live.client, { maxEventsPerStream: 0 })).toThrow(
      expect.objectContaining({ name: 'ToolCallingOptionsError' }),
    );
  });
});
