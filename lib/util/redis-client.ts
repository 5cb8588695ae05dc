import type { Redis, RedisOptions } from 'ioredis';
import { StateStoreUnavailableError } from '../errors/state-store-unavailable.error';
import { ToolCallingError } from '../errors/tool-calling.error';
import { requireOptional } from './optional-require';

/** How long a command waits for the connection before the store counts as unreachable. */
export const REDIS_READY_TIMEOUT_MS = 2000;

/**
 * A client for the stores, made from a URL (`redis://user:pass@host:6379/0`): `ioredis` is loaded now, not when
 * the library is imported. Commands fail at once when the connection is down (no offline queue, one retry) rather
 * than wait without bound; the client reconnects in the background.
 */
export function createRedisClient(url: string, options: RedisOptions = {}): Redis {
  const { Redis: RedisClass } = requireOptional<typeof import('ioredis')>(
    'ioredis',
    'Redis chat memory and approvals',
  );
  const client = new RedisClass(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_READY_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    ...options,
  });
  // Connection errors surface on the commands that fail; without a listener ioredis prints each one.
  client.on('error', () => undefined);
  return client;
}

/**
 * The client a store runs on: the one given, or one made from a URL (`owned`: the store closes it), with the store's
 * Lua script defined as `command` (once per client).
 */
export function storeClient<T extends Redis>(
  client: Redis | string,
  command: string,
  lua: string,
): { readonly redis: T; readonly owned: boolean } {
  const owned = typeof client === 'string';
  const redis = typeof client === 'string' ? createRedisClient(client) : client;
  if (typeof (redis as unknown as Record<string, unknown>)[command] !== 'function')
    redis.defineCommand(command, { numberOfKeys: 1, lua });
  return { redis: redis as T, owned };
}

function whenReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  if (client.status === 'end' || client.status === 'close')
    return Promise.reject(new Error(`the connection is ${client.status === 'end' ? 'closed' : 'down'}`));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`no connection within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}

/**
 * Runs Redis commands for a store: waits (bounded) for the connection, and turns a connection failure into a
 * `StateStoreUnavailableError`. Errors Redis replies with, and the store's own, pass through.
 */
export async function redisOperation<T>(
  client: Redis,
  store: string,
  operation: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    await whenReady(client, REDIS_READY_TIMEOUT_MS);
  } catch (error) {
    throw new StateStoreUnavailableError(store, operation, error);
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof ToolCallingError || (error instanceof Error && error.name === 'ReplyError'))
      throw error;
    throw new StateStoreUnavailableError(store, operation, error);
  }
}

/** Ends a client the store made: QUIT when connected, else stop its reconnecting. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
