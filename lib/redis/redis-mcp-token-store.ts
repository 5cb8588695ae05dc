import type { Redis } from 'ioredis';
import type { McpAuthRecords, McpAuthSlot, McpTokenStore } from '../mcp/client/auth/mcp-token-store';
import { StateStoreUnavailableError } from '../errors/state-store-unavailable.error';
import { closeRedisClient, createRedisClient, redisOperation } from '../util/redis-client';

/** Options of a `RedisMcpTokenStore`. */
export interface RedisMcpTokenStoreOptions {
  /**
   * Prefix of every key.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
}

const STORE = 'the Redis MCP token store';

/**
 * The MCP client's OAuth state in Redis (tokens, client registrations, the PKCE verifier and state of an
 * authorization in progress), per server, so that every replica uses the same authorization and a redirect may land
 * on any of them. A token without a refresh token expires with it (`expires_in`). Values are never logged. On an
 * existing `ioredis` client or a URL; a client made from a URL is closed by `close()`.
 */
export class RedisMcpTokenStore implements McpTokenStore {
  private readonly client: Redis;
  private readonly owned: boolean;
  private readonly prefix: string;

  constructor(client: Redis | string, options: RedisMcpTokenStoreOptions = {}) {
    this.owned = typeof client === 'string';
    this.client = typeof client === 'string' ? createRedisClient(client) : client;
    this.prefix = options.keyPrefix ?? 'nestjs-tool-calling:';
  }

  /** {@inheritDoc McpTokenStore.get} */
  async get<S extends McpAuthSlot>(server: string, slot: S): Promise<McpAuthRecords[S] | undefined> {
    const raw = await redisOperation(this.client, STORE, 'get', () =>
      this.client.get(this.key(server, slot)),
    );
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as McpAuthRecords[S];
    } catch {
      // The text is not shown: it may be a token.
      throw new StateStoreUnavailableError(STORE, 'get', `the ${slot} record of "${server}" is not JSON`);
    }
  }

  /** {@inheritDoc McpTokenStore.set} */
  async set<S extends McpAuthSlot>(
    server: string,
    slot: S,
    value: McpAuthRecords[S],
    ttlMs?: number,
  ): Promise<void> {
    const key = this.key(server, slot);
    const json = JSON.stringify(value);
    await redisOperation(this.client, STORE, 'set', () =>
      ttlMs === undefined
        ? this.client.set(key, json)
        : this.client.set(key, json, 'PX', Math.max(1, Math.ceil(ttlMs))),
    );
  }

  /** {@inheritDoc McpTokenStore.delete} */
  async delete(server: string, slots: readonly McpAuthSlot[]): Promise<void> {
    if (slots.length === 0) return;
    const keys = slots.map((slot) => this.key(server, slot));
    await redisOperation(this.client, STORE, 'delete', () => this.client.del(...keys));
  }

  /** Closes the client when this store made it from a URL. */
  async close(): Promise<void> {
    if (this.owned) await closeRedisClient(this.client);
  }

  // The server name is encoded so that no name can reach another server's keys.
  private key(server: string, slot: McpAuthSlot): string {
    return `${this.prefix}mcp-auth:${encodeURIComponent(server)}:${slot}`;
  }
}
