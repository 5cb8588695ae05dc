import { Test } from '@nestjs/testing';
import { MCP_EVENT_STORE, ToolCallingModule, type ToolCallingModuleOptions } from 'nestjs-tool-calling';
import { InMemoryMcpEventStore, type McpSessionEventStore } from 'nestjs-tool-calling/mcp';
import { RedisMcpEventStore } from 'nestjs-tool-calling/redis';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { describeWithRedis } from '../support/redis-suite';

async function eventStoreOf(options: Omit<ToolCallingModuleOptions, 'chatModel'>) {
  const moduleRef = await Test.createTestingModule({
    imports: [ToolCallingModule.forRoot({ chatModel: new ScriptedChatModel([]), ...options })],
  }).compile();
  await moduleRef.init();
  return { store: moduleRef.get<McpSessionEventStore>(MCP_EVENT_STORE), close: () => moduleRef.close() };
}

describe('the module’s MCP event store (MCP_EVENT_STORE)', () => {
  it('is in memory without redis', async () => {
    const { store, close } = await eventStoreOf({});
    expect(store).toBeInstanceOf(InMemoryMcpEventStore);
    await close();
  });
});

describeWithRedis('the module’s MCP event store with redis', (live) => {
  it('is in Redis, under the key prefix, on the module’s connection', async () => {
    const { store, close } = await eventStoreOf({
      redis: { url: live.server.url, keyPrefix: 'module-mcp:' },
    });
    try {
      expect(store).toBeInstanceOf(RedisMcpEventStore);
      const first = await store.forSession('s').storeEvent('stream', { n: 1 });
      expect(await store.forSession('s').getStreamIdForEventId(first)).toBe('stream');
      expect(await live.client.keys('module-mcp:mcp-events:*')).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
