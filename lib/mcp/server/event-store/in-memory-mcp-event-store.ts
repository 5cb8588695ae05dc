import {
  eventStoreBound,
  isPrimingEvent,
  mcpEventId,
  parseMcpEventId,
  type McpEventMessage,
  type McpEventStore,
  type McpSessionEventStore,
} from './mcp-event-store';

/** Bounds of an `InMemoryMcpEventStore`. */
export interface InMemoryMcpEventStoreOptions {
  /**
   * Events kept per stream: the oldest go first (a client resuming from one of them cannot resume).
   * @defaultValue 1000
   */
  readonly maxEventsPerStream?: number;
  /**
   * How long a stream is kept after its last event, in milliseconds.
   * @defaultValue 300000 (5 minutes)
   */
  readonly ttlMs?: number;
  /**
   * Streams kept in all (every session's): past it, the one written longest ago goes.
   * @defaultValue 10000
   */
  readonly maxStreams?: number;
}

interface StoredStream {
  readonly events: { readonly position: number; readonly message: McpEventMessage }[];
  expiresAt: number;
}

interface Streams {
  readonly byKey: Map<string, StoredStream>;
  readonly maxEventsPerStream: number;
  readonly ttlMs: number;
  readonly maxStreams: number;
  /** One count for the whole store, so that no two events (of any session) share an id. */
  next: number;
}

const POSITION = /^\d+$/;

/**
 * Resumable SSE streams for an MCP server on one replica, in memory and bounded (events per stream, streams in all,
 * time since a stream's last event). Replicas do not share it: use `RedisMcpEventStore` (`nestjs-tool-calling/redis`)
 * there.
 */
export class InMemoryMcpEventStore implements McpSessionEventStore {
  private readonly streams: Streams;

  constructor(options: InMemoryMcpEventStoreOptions = {}) {
    this.streams = {
      byKey: new Map(),
      maxEventsPerStream: eventStoreBound(
        'InMemoryMcpEventStore',
        'maxEventsPerStream',
        options.maxEventsPerStream,
        1000,
      ),
      ttlMs: eventStoreBound('InMemoryMcpEventStore', 'ttlMs', options.ttlMs, 300_000),
      maxStreams: eventStoreBound('InMemoryMcpEventStore', 'maxStreams', options.maxStreams, 10_000),
      next: 1,
    };
  }

  /** The same store, seeing only the streams of `sessionId`. */
  forSession(sessionId: string): McpEventStore {
    return new ScopedStore(this.streams, sessionId);
  }

  /** Stores an event of `streamId` (outside any session). */
  storeEvent(streamId: string, message: McpEventMessage): Promise<string> {
    return new ScopedStore(this.streams, undefined).storeEvent(streamId, message);
  }

  /** The stream `eventId` belongs to, while the event is kept. */
  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return new ScopedStore(this.streams, undefined).getStreamIdForEventId(eventId);
  }

  /** Sends the events stored after `lastEventId`, in order. */
  replayEventsAfter(
    lastEventId: string,
    target: { send: (eventId: string, message: McpEventMessage) => Promise<void> },
  ): Promise<string> {
    return new ScopedStore(this.streams, undefined).replayEventsAfter(lastEventId, target);
  }
}

class ScopedStore implements McpEventStore {
  constructor(
    private readonly streams: Streams,
    private readonly sessionId: string | undefined,
  ) {}

  storeEvent(streamId: string, message: McpEventMessage): Promise<string> {
    const { byKey, maxEventsPerStream, ttlMs, maxStreams } = this.streams;
    const now = Date.now();
    sweep(byKey, now);
    const key = this.key(streamId);
    let stream = byKey.get(key);
    if (stream === undefined) {
      stream = { events: [], expiresAt: 0 };
      if (byKey.size >= maxStreams) byKey.delete(byKey.keys().next().value!);
    } else byKey.delete(key);
    // Re-inserted: the map's order is the order of the streams' last events, so the oldest come first.
    byKey.set(key, stream);
    stream.expiresAt = now + ttlMs;
    const position = this.streams.next++;
    stream.events.push({ position, message });
    if (stream.events.length > maxEventsPerStream) stream.events.shift();
    return Promise.resolve(mcpEventId(streamId, String(position)));
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const found = this.find(eventId);
    return Promise.resolve(found?.streamId);
  }

  async replayEventsAfter(
    lastEventId: string,
    target: { send: (eventId: string, message: McpEventMessage) => Promise<void> },
  ): Promise<string> {
    const found = this.find(lastEventId);
    if (found === undefined) return '';
    const after = found.stream.events.filter((event) => event.position > found.position);
    for (const event of after)
      if (!isPrimingEvent(event.message))
        await target.send(mcpEventId(found.streamId, String(event.position)), event.message);
    return found.streamId;
  }

  private find(
    eventId: string,
  ): { readonly streamId: string; readonly position: number; readonly stream: StoredStream } | undefined {
    const parsed = parseMcpEventId(eventId, POSITION);
    if (parsed === undefined) return undefined;
    const stream = this.streams.byKey.get(this.key(parsed.streamId));
    if (stream === undefined || stream.expiresAt <= Date.now()) return undefined;
    const position = Number(parsed.position);
    if (!stream.events.some((event) => event.position === position)) return undefined;
    return { streamId: parsed.streamId, position, stream };
  }

  private key(streamId: string): string {
    return JSON.stringify([this.sessionId ?? null, streamId]);
  }
}

function sweep(byKey: Map<string, StoredStream>, now: number): void {
  for (const [key, stream] of byKey) {
    if (stream.expiresAt > now) return;
    byKey.delete(key);
  }
}
