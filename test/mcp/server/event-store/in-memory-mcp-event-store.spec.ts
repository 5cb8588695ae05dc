import { InMemoryMcpEventStore } from '../../../../lib/mcp';
import { behavesAsAnMcpEventStore } from './mcp-event-store.contract';

describe('InMemoryMcpEventStore', () => {
  behavesAsAnMcpEventStore(() => new InMemoryMcpEventStore({ maxEventsPerStream: 3, ttlMs: 200 }));

  it('keeps at most maxStreams streams: the one written longest ago goes', async () => {
    const store = new InMemoryMcpEventStore({ maxStreams: 2 });
    const session = store.forSession('s');
    const oldest = await session.storeEvent('a', { n: 1 });
    const middle = await session.storeEvent('b', { n: 2 });
    await session.storeEvent('a', { n: 3 });
    await session.storeEvent('c', { n: 4 });

    expect(await session.getStreamIdForEventId(oldest)).toBe('a');
    expect(await session.getStreamIdForEventId(middle)).toBeUndefined();
  });

  it.each([
    ['maxEventsPerStream', 0],
    ['ttlMs', -1],
    ['maxStreams', 1.5],
  ])('refuses %s = %p with a ToolCallingOptionsError', (option, value) => {
    expect(() => new InMemoryMcpEventStore({ [option]: value })).toThrow(
      expect.objectContaining({
        name: 'ToolCallingOptionsError',
        message: expect.stringContaining(`InMemoryMcpEventStore.${option}`),
      }),
    );
  });
});
