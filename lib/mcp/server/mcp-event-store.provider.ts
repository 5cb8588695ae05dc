import type { ToolCallingModuleOptions } from '../../module/tool-calling-module-options';
import type { McpEventStore, McpServerModuleOptions } from './mcp-server-options';

/**
 * The event store of the endpoint's 2025-era sessions: the one given as `eventStore`, else none.
 *
 * With `redis` on `ToolCallingModule` and no `eventStore`, this is where the Redis event store (of `lib/redis`) is
 * made, so that a session's stream resumes on any replica: `redisEventStore(toolCalling.redis)` goes here.
 */
export function mcpEventStoreOf(
  options: McpServerModuleOptions,
  toolCalling: Pick<ToolCallingModuleOptions, 'redis'> | undefined,
): McpEventStore | undefined {
  // With `toolCalling?.redis` set, the Redis event store is returned here (plugged in at merge).
  void toolCalling;
  return options.eventStore;
}
