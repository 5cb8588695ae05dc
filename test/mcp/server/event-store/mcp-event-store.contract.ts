import type { EventStore } from '@modelcontextprotocol/server';
import type { McpEventMessage, McpSessionEventStore } from '../../../../lib/mcp';

const ping = (id: number): McpEventMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { id },
});

async function replay(store: Pick<EventStore, 'replayEventsAfter'>, after: string) {
  const sent: { id: string; message: McpEventMessage }[] = [];
  const streamId = await store.replayEventsAfter(after, {
    send: async (id, message) => void sent.push({ id, message }),
  });
  return { streamId, sent };
}

/**
 * What every MCP event store promises (the SDK's `EventStore`, bounded, sessions apart), for `make` building a fresh
 * store with `maxEventsPerStream: 3` and `ttlMs: 200`.
 */
export function behavesAsAnMcpEventStore(make: () => McpSessionEventStore): void {
  let store: McpSessionEventStore;
  beforeEach(() => {
    store = make();
  });

  it('is an EventStore of the official SDK', () => {
    const sdk: EventStore = store.forSession('s');
    expect(typeof sdk.storeEvent).toBe('function');
  });

  it('replays the events after the given one, in order, with the ids it gave, and names their stream', async () => {
    const session = store.forSession('s1');
    const first = await session.storeEvent('stream-a', ping(1));
    await session.storeEvent('stream-b', ping(99));
    const second = await session.storeEvent('stream-a', ping(2));
    const third = await session.storeEvent('stream-a', ping(3));

    expect(await session.getStreamIdForEventId(second)).toBe('stream-a');
    expect(await replay(session, first)).toEqual({
      streamId: 'stream-a',
      sent: [
        { id: second, message: ping(2) },
        { id: third, message: ping(3) },
      ],
    });
  });

  it('never replays a priming event (an empty message)', async () => {
    const session = store.forSession('s1');
    const priming = await session.storeEvent('stream-a', {});
    const after = await session.storeEvent('stream-a', ping(1));
    expect((await replay(session, priming)).sent).toEqual([{ id: after, message: ping(1) }]);
  });

  it("keeps each session's streams apart, the GET stream's shared name included", async () => {
    const alice = store.forSession('alice');
    const bob = store.forSession('bob');
    const aliceEvent = await alice.storeEvent('_GET_stream', ping(1));
    await bob.storeEvent('_GET_stream', ping(101));
    await alice.storeEvent('_GET_stream', ping(2));
    await bob.storeEvent('_GET_stream', ping(102));

    const bobSees = (await replay(bob, aliceEvent)).sent.map((e) => e.message);
    expect(bobSees).not.toContainEqual(ping(2));
    expect((await replay(alice, aliceEvent)).sent.map((e) => e.message)).toEqual([ping(2)]);
  });

  it('does not know an id it did not give, however it is shaped', async () => {
    const session = store.forSession('s1');
    await session.storeEvent('stream-a', ping(1));
    for (const forged of ['', '_', 'stream-a', 'stream-a_', 'stream-a_x', 'stream-a_999999', '__proto___1'])
      expect(await session.getStreamIdForEventId(forged)).toBeUndefined();
    expect(await replay(session, 'stream-a_999999')).toEqual({ streamId: '', sent: [] });
  });

  it('keeps at most maxEventsPerStream events per stream: a client resuming from an evicted one cannot', async () => {
    const session = store.forSession('s1');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await session.storeEvent('stream-a', ping(i)));

    expect(await session.getStreamIdForEventId(ids[0])).toBeUndefined();
    expect(await session.getStreamIdForEventId(ids[1])).toBeUndefined();
    expect((await replay(session, ids[2])).sent.map((e) => e.message)).toEqual([ping(4), ping(5)]);
  });

  it('forgets a stream ttlMs after its last event', async () => {
    const session = store.forSession('s1');
    const id = await session.storeEvent('stream-a', ping(1));
    await session.storeEvent('stream-a', ping(2));
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await session.getStreamIdForEventId(id)).toBeUndefined();
    expect(await replay(session, id)).toEqual({ streamId: '', sent: [] });
  });
}
