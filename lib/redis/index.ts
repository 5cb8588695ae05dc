// nestjs-tool-calling/redis: chat memory, pending approvals and recorded streams in Redis, on `ioredis` (an optional peer). The module
// builds these itself from its `redis` option; import them to build one by hand.
export {
  RedisChatMemoryRepository,
  type RedisChatMemoryRepositoryOptions,
} from '../memory/redis-chat-memory-repository';
export { RedisApprovalStore, type RedisApprovalStoreOptions } from '../approval/redis-approval-store';
export {
  RedisResumableStreamStore,
  type RedisResumableStreamStoreOptions,
} from '../ui/resumable/redis-resumable-stream-store';
export { RedisMcpTokenStore, type RedisMcpTokenStoreOptions } from './redis-mcp-token-store';
export type {
  McpTokenStore,
  McpAuthRecords,
  McpAuthSlot,
  McpAuthDocument,
} from '../mcp/client/auth/mcp-token-store';
export { RedisMcpEventStore, type RedisMcpEventStoreOptions } from './redis-mcp-event-store';
export type {
  McpEventStore,
  McpSessionEventStore,
  McpEventMessage,
} from '../mcp/server/event-store/mcp-event-store';
