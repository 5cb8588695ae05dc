import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ApprovalStore } from '../chat/ports/approval-store';
import { InMemoryApprovalStore } from '../approval/in-memory-approval-store';
import { RedisApprovalStore } from '../approval/redis-approval-store';
import type { ChatMemory } from '../chat/ports/chat-memory';
import { InMemoryChatMemoryRepository } from '../memory/in-memory-chat-memory-repository';
import { MessageWindowChatMemory } from '../memory/message-window-chat-memory';
import { RedisChatMemoryRepository } from '../memory/redis-chat-memory-repository';
import { InMemoryResumableStreamStore } from '../ui/resumable/in-memory-resumable-stream-store';
import { RedisResumableStreamStore } from '../ui/resumable/redis-resumable-stream-store';
import type { ResumableStreamStore } from '../ui/resumable/resumable-stream-store';
import { closeRedisClient, createRedisClient } from '../util/redis-client';
import { InMemoryMcpEventStore } from '../mcp/server/event-store/in-memory-mcp-event-store';
import type { McpSessionEventStore } from '../mcp/server/event-store/mcp-event-store';
import { RedisMcpEventStore } from '../redis/redis-mcp-event-store';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';
import { TOOL_CALLING_MODULE_OPTIONS } from './tool-calling-module.tokens';

/**
 * The module's state that outlives a request: chat memory, the approval store, the stream store and the MCP event
 * store, in memory, or in
 * Redis when the options have `redis` (one connection for all, closed when the application shuts down).
 */
@Injectable()
export class StateStores implements OnApplicationShutdown {
  readonly chatMemory: ChatMemory;
  readonly approvalStore: ApprovalStore;
  readonly streamStore: ResumableStreamStore;
  /** Resumable SSE streams of MCP sessions. */
  readonly mcpEventStore: McpSessionEventStore;
  private readonly redis?: Redis;

  /** The Redis connection of the `redis` option, for the other stores that share it (MCP tokens); else undefined. */
  get redisClient(): Redis | undefined {
    return this.redis;
  }

  constructor(@Inject(TOOL_CALLING_MODULE_OPTIONS) options: ToolCallingModuleOptions) {
    const redisOptions = options.redis;
    if (redisOptions) this.redis = createRedisClient(redisOptions.url);
    const keyPrefix = redisOptions?.keyPrefix;
    const memory = options.memory === false ? {} : (options.memory ?? {});
    this.chatMemory = new MessageWindowChatMemory({
      maxMessages: memory.maxMessages,
      repository:
        memory.repository ??
        (this.redis
          ? new RedisChatMemoryRepository(this.redis, {
              keyPrefix,
              ttlSeconds: redisOptions?.memoryTtlSeconds,
            })
          : new InMemoryChatMemoryRepository()),
    });
    this.approvalStore =
      options.approvals?.store ??
      (this.redis ? new RedisApprovalStore(this.redis, { keyPrefix }) : new InMemoryApprovalStore());
    this.streamStore =
      options.streams?.store ??
      (this.redis
        ? new RedisResumableStreamStore(this.redis, { keyPrefix })
        : new InMemoryResumableStreamStore());
    this.mcpEventStore = this.redis
      ? new RedisMcpEventStore(this.redis, { keyPrefix })
      : new InMemoryMcpEventStore();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.streamStore.close();
    if (this.redis) await closeRedisClient(this.redis);
  }
}
