import type { Redis } from 'ioredis';
import type { McpServerConfig } from '../mcp/client/mcp-client-options';
import { McpToolCallbackProvider } from '../mcp/client/mcp-tool-callback-provider';
import { RedisMcpTokenStore } from '../redis/redis-mcp-token-store';
import type { StateStores } from './state-stores';
import type { ToolCallbackRegistry } from './tool-callback.registry';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';

/**
 * The module's `McpToolCallbackProvider`, over the servers of `options.mcp` (none: an empty, static provider). The
 * application's own tools keep their names: an MCP tool with the same name gets its server's prefix. With the
 * `redis` option, a server's `auth` without a `tokenStore` keeps its tokens in Redis (one `RedisMcpTokenStore` on the
 * module's connection), so that every replica uses the same authorization and a redirect may land on any of them.
 */
export function mcpToolCallbackProviderFromOptions(
  options: ToolCallingModuleOptions,
  registry: ToolCallbackRegistry,
  stores: StateStores,
): McpToolCallbackProvider {
  const redis = stores.redisClient;
  const servers = options.mcp?.servers;
  return new McpToolCallbackProvider({
    ...options.mcp,
    ...(servers && redis && { servers: withRedisTokenStore(servers, redis, options.redis?.keyPrefix) }),
    source: 'ToolCallingModule options mcp.servers',
    reservedNames: () =>
      registry.isReady
        ? registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name)
        : [],
  });
}

/** `servers`, each `auth` that names no token store given one in Redis; anything else as it was (checked later). */
function withRedisTokenStore(
  servers: Readonly<Record<string, McpServerConfig>>,
  redis: Redis,
  keyPrefix: string | undefined,
): Record<string, McpServerConfig> {
  let store: RedisMcpTokenStore | undefined;
  return Object.fromEntries(
    Object.entries(servers).map(([name, config]) => {
      const auth = (config as { auth?: unknown }).auth;
      if (typeof auth !== 'object' || auth === null || 'tokenStore' in auth) return [name, config];
      store ??= new RedisMcpTokenStore(redis, { keyPrefix });
      return [name, { ...config, auth: { ...auth, tokenStore: store } } as unknown as McpServerConfig];
    }),
  );
}
