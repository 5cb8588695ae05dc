import type { Redis } from 'ioredis';
import {
  eventStoreBound,
  isPrimingEvent,
  mcpEventId,
  parseMcpEventId,
  type McpEventMessage,
  type McpEventStore,
  type McpSessionEventStore,
} from '../mcp/server/event-store/mcp-event-store';
import { closeRedisClient, createRedisClient, redisOperation } from '../util/redis-client';

/** Options of a `RedisMcpEventStore`. */
export interface RedisMcpEventStoreOptions {
  /**
   * Prefix of every key.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * Events kept per stream (Redis `XADD … MAXLEN`): the oldest go first.
   * @defaultValue 1000
   */
  readonly maxEventsPerStream?: number;
  /**
   * How long a stream is kept after its last event, in milliseconds (the key's expiry).
   * @defaultValue 300000 (5 minutes)
   */
  readonly ttlMs?: number;
}

const STORE = 'the Redis MCP event store';
const POSITION = /^\d+-\d+$/;

/**
 * Resumable SSE streams for MCP servers on many replicas: each stream is a Redis Stream (`XADD`, capped at
 * `maxEventsPerStream`, expiring `ttlMs` after its last event), so a client may resume on a replica other than the
 * one that wrote the events. Takes a client (`ioredis`) or a URL; a client made from a URL is closed by `close()`.
 */
export class RedisMcpEventStore implements McpSessionEventStore {
  private readonly client: Redis;
  private readonly owned: boolean;
  private readonly settings: Settings;

  constructor(client: Redis | string, options: RedisMcpEventStoreOptions = {}) {
    this.owned = typeof client === 'string';
    this.client = typeof client === 'string' ? createRedisClient(client) : client;
    this.settings = {
      keyPrefix: `${options.keyPrefix ?? 'nestjs-tool-calling:'}mcp-events:`,
      maxEventsPerStream: eventStoreBound(
        'RedisMcpEventStore',
        'maxEventsPerStream',
        options.maxEventsPerStream,
        1000,
      ),
      ttlMs: eventStoreBound('RedisMcpEventStore', 'ttlMs', options.ttlMs, 300_000),
    };
  }

  /** The same store, seeing only the streams of `sessionId`. */
  forSession(sessionId: string): McpEventStore {
    return new ScopedRedisStore(this.client, this.settings, sessionId);
  }

  /** Stores an event of `streamId` (outside any session). */
  storeEvent(streamId: string, message: McpEventMessage): Promise<string> {
    return this.unscoped().storeEvent(streamId, message);
  }

  /** The stream `eventId` belongs to, while the event is kept. */
  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.unscoped().getStreamIdForEventId(eventId);
  }

  /** Sends the events stored after `lastEventId`, in order. */
  replayEventsAfter(
    lastEventId: string,
    target: { send: (eventId: string, message: McpEventMessage) => Promise<void> },
  ): Promise<string> {
    return this.unscoped().replayEventsAfter(lastEventId, target);
  }

  /** Closes the connection when the store made it from a URL. */
  async close(): Promise<void> {
    if (this.owned) await closeRedisClient(this.client);
  }

  private unscoped(): McpEventStore {
    return new ScopedRedisStore(this.client, this.settings, undefined);
  }
}

interface Settings {
  readonly keyPrefix: string;
  readonly maxEventsPerStream: number;
  readonly ttlMs: number;
}

class ScopedRedisStore implements McpEventStore {
  constructor(
    private readonly client: Redis,
    private readonly settings: Settings,
    private readonly sessionId: string | undefined,
  ) {}

  storeEvent(streamId: string, message: McpEventMessage): Promise<string> {
    const key = this.key(streamId);
    const { maxEventsPerStream, ttlMs } = this.settings;
    return redisOperation(this.client, STORE, 'storeEvent', async () => {
      const replies = await this.client
        .multi()
        .xadd(key, 'MAXLEN', maxEventsPerStream, '*', 'm', JSON.stringify(message))
        .pexpire(key, ttlMs)
        .exec();
      const [error, position] = replies![0];
      if (error) throw error;
      return mcpEventId(streamId, position as string);
    });
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = parseMcpEventId(eventId, POSITION);
    if (parsed === undefined) return Promise.resolve(undefined);
    return redisOperation(this.client, STORE, 'getStreamIdForEventId', async () => {
      const found = await this.client.xrange(this.key(parsed.streamId), parsed.position, parsed.position);
      return found.length === 0 ? undefined : parsed.streamId;
    });
  }

  async replayEventsAfter(
    lastEventId: string,
    target: { send: (eventId: string, message: McpEventMessage) => Promise<void> },
  ): Promise<string> {
    const parsed = parseMcpEventId(lastEventId, POSITION);
    if (parsed === undefined) return '';
    const key = this.key(parsed.streamId);
    const entries = await redisOperation(this.client, STORE, 'replayEventsAfter', async () => {
      const [known, after] = await Promise.all([
        this.client.xrange(key, parsed.position, parsed.position),
        this.client.xrange(key, `(${parsed.position}`, '+', 'COUNT', this.settings.maxEventsPerStream),
      ]);
      return known.length === 0 ? undefined : after;
    });
    if (entries === undefined) return '';
    for (const [position, fields] of entries) {
      const message = JSON.parse(fields[1]) as McpEventMessage;
      if (!isPrimingEvent(message)) await target.send(mcpEventId(parsed.streamId, position), message);
    }
    return parsed.streamId;
  }

  private key(streamId: string): string {
    const session = this.sessionId === undefined ? '-' : `s${encodeURIComponent(this.sessionId)}`;
    return `${this.settings.keyPrefix}${session}:${encodeURIComponent(streamId)}`;
  }
}
