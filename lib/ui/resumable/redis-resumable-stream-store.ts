import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedisClient, createRedisClient, redisOperation } from '../../util/redis-client';
import type {
  ResumableAppendOutcome,
  ResumableReadResult,
  ResumableStreamStore,
} from './resumable-stream-store';

/** Options of a `RedisResumableStreamStore`. */
export interface RedisResumableStreamStoreOptions {
  /**
   * Prefix of every key.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long a running recording lives without a sign of its run (an `append()`), in milliseconds: when the
   * replica running it dies, its readers end this long after (the run's writer appends at least 3 times as often).
   * @defaultValue 30000
   */
  readonly leaseMs?: number;
}

const STORE = 'the Redis stream store';
/** Blocking connections kept idle for the next reader (each reader holds one while it waits). */
const IDLE_READERS = 4;

// Records a batch of chunks in one step, unless the run is gone or the batch would pass the cap; tells whether a stop
// was asked for. KEYS: the run's stream, its meta hash, the stream id's latest key. ARGV: maxBytes, leaseMs, runId,
// chunks...
const APPEND = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 'stopped' end
local add = 0
for i = 4, #ARGV do add = add + #ARGV[i] end
local bytes = tonumber(redis.call('HGET', KEYS[2], 'bytes') or '0')
if bytes + add > tonumber(ARGV[1]) then return 'full' end
for i = 4, #ARGV do redis.call('XADD', KEYS[1], '*', 'c', ARGV[i]) end
redis.call('HINCRBY', KEYS[2], 'bytes', add)
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if redis.call('GET', KEYS[3]) == ARGV[3] then redis.call('PEXPIRE', KEYS[3], ARGV[2]) end
if redis.call('HGET', KEYS[2], 'stopped') == '1' then return 'stopped' end
return 'ok'`;

// Ends the run: an end entry for its readers, the recording (and the stream id's pointer to it) kept ttl seconds.
// KEYS: the run's stream, its meta hash, the stream id's latest key. ARGV: ttlSeconds, runId.
const FINISH = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('XADD', KEYS[1], '*', 'end', '1')
redis.call('HSET', KEYS[2], 'finished', '1')
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
if redis.call('GET', KEYS[3]) == ARGV[2] then redis.call('EXPIRE', KEYS[3], ARGV[1]) end
return 1`;

// Marks the latest run of a stream id as asked to stop, if it is running; answers its run id (nil when none runs).
// KEYS: the stream id's latest key. ARGV: the meta key's prefix.
const STOP = `
local runId = redis.call('GET', KEYS[1])
if not runId then return false end
local meta = ARGV[1] .. runId .. ':meta'
if redis.call('EXISTS', meta) == 0 or redis.call('HGET', meta, 'finished') == '1' then return false end
redis.call('HSET', meta, 'stopped', '1')
return runId`;

type WithScripts = Redis & {
  ntcStreamAppend(stream: string, meta: string, latest: string, ...args: string[]): Promise<string>;
  ntcStreamFinish(stream: string, meta: string, latest: string, ttl: string, runId: string): Promise<number>;
  ntcStreamStop(latest: string, metaPrefix: string): Promise<string | null>;
};

type XReadReply = [string, [string, string[]][]][] | null;

/**
 * Recorded streams in Redis Streams (`XADD` per chunk, `XREAD BLOCK` to follow), so that a client that reconnects to
 * any replica gets the rest, and a stop asked of any replica reaches the one running the run (a flag its next
 * `append()` sees, and a pub/sub message for at once). What the module uses with its `redis` option.
 *
 * Keys: `<prefix>stream:<streamId>:latest` (the latest run's id), `<prefix>stream-run:<runId>` (the chunks) and
 * `<prefix>stream-run:<runId>:meta` (bytes, stop flag). A running recording lapses `leaseMs` after its last
 * `append()`; a finished one after the `ttlSeconds` given to `finish()`.
 */
export class RedisResumableStreamStore implements ResumableStreamStore {
  private readonly redis: WithScripts;
  private readonly owned: boolean;
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly idleReaders: Redis[] = [];
  private readonly busyReaders = new Set<Redis>();
  private subscriber?: Redis;
  private readonly stopListeners = new Map<string, Set<() => void>>();
  private closed = false;
  /** runId → streamId of the runs this store started and has not finished (saves a read per append). */
  private readonly running = new Map<string, string>();

  /**
   * @param client - An `ioredis` client (not closed by the store) or a URL (the store makes a client and closes it).
   */
  constructor(client: Redis | string, options: RedisResumableStreamStoreOptions = {}) {
    this.owned = typeof client === 'string';
    const redis = typeof client === 'string' ? createRedisClient(client) : client;
    const scripts = redis as unknown as Record<string, unknown>;
    if (typeof scripts.ntcStreamAppend !== 'function') {
      redis.defineCommand('ntcStreamAppend', { numberOfKeys: 3, lua: APPEND });
      redis.defineCommand('ntcStreamFinish', { numberOfKeys: 3, lua: FINISH });
      redis.defineCommand('ntcStreamStop', { numberOfKeys: 1, lua: STOP });
    }
    this.redis = redis as WithScripts;
    this.prefix = options.keyPrefix ?? 'nestjs-tool-calling:';
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  /** Starts a run: its id becomes the stream id's latest one. */
  async start(streamId: string): Promise<string> {
    const runId = randomUUID();
    const lease = String(this.leaseMs);
    await redisOperation(this.redis, STORE, 'start', () =>
      this.redis
        .multi()
        .hset(this.metaKey(runId), 'stream', streamId, 'bytes', '0')
        .pexpire(this.metaKey(runId), lease)
        .set(this.latestKey(streamId), runId, 'PX', lease)
        .exec(),
    );
    this.running.set(runId, streamId);
    return runId;
  }

  /** Records the chunks (one script: cap, stop flag, lease). */
  async append(runId: string, chunks: readonly string[], maxBytes: number): Promise<ResumableAppendOutcome> {
    const streamId = await this.streamOf(runId);
    if (streamId === undefined) return 'stopped';
    const outcome = await redisOperation(this.redis, STORE, 'append', () =>
      this.redis.ntcStreamAppend(
        this.runKey(runId),
        this.metaKey(runId),
        this.latestKey(streamId),
        String(maxBytes),
        String(this.leaseMs),
        runId,
        ...chunks,
      ),
    );
    return outcome as ResumableAppendOutcome;
  }

  /** Ends the run; the recording is kept `ttlSeconds`. */
  async finish(runId: string, ttlSeconds: number): Promise<void> {
    const streamId = await this.streamOf(runId);
    this.running.delete(runId);
    if (streamId === undefined) return;
    await redisOperation(this.redis, STORE, 'finish', () =>
      this.redis.ntcStreamFinish(
        this.runKey(runId),
        this.metaKey(runId),
        this.latestKey(streamId),
        String(Math.max(1, Math.ceil(ttlSeconds))),
        runId,
      ),
    );
  }

  /** The latest run of `streamId` whose recording is kept. */
  async latest(streamId: string): Promise<string | undefined> {
    const runId = await redisOperation(this.redis, STORE, 'latest', () =>
      this.redis.get(this.latestKey(streamId)),
    );
    return runId ?? undefined;
  }

  /** `XREAD BLOCK` on a connection of its own (blocking commands hold theirs). */
  async read(
    runId: string,
    cursor: string | undefined,
    waitMs: number,
  ): Promise<ResumableReadResult | undefined> {
    const reader = this.acquireReader();
    try {
      const reply = await redisOperation(reader, STORE, 'read', () =>
        waitMs > 0
          ? (reader.xread(
              'COUNT',
              1000,
              'BLOCK',
              waitMs,
              'STREAMS',
              this.runKey(runId),
              cursor ?? '0',
            ) as Promise<XReadReply>)
          : (reader.xread(
              'COUNT',
              1000,
              'STREAMS',
              this.runKey(runId),
              cursor ?? '0',
            ) as Promise<XReadReply>),
      );
      const entries = reply?.[0]?.[1] ?? [];
      if (entries.length === 0) {
        const exists = await redisOperation(this.redis, STORE, 'read', () =>
          this.redis.exists(this.metaKey(runId)),
        );
        return exists ? { chunks: [], cursor: cursor ?? '0', done: false } : undefined;
      }
      const chunks: string[] = [];
      let done = false;
      for (const [, fields] of entries) {
        if (fields[0] === 'c') chunks.push(fields[1]);
        else if (fields[0] === 'end') done = true;
      }
      return { chunks, cursor: entries[entries.length - 1][0], done };
    } finally {
      this.releaseReader(reader);
    }
  }

  /** Sets the run's stop flag and tells its replica at once (pub/sub). */
  async stop(streamId: string): Promise<boolean> {
    const runId = await redisOperation(this.redis, STORE, 'stop', () =>
      this.redis.ntcStreamStop(this.latestKey(streamId), `${this.prefix}stream-run:`),
    );
    if (!runId) return false;
    await redisOperation(this.redis, STORE, 'stop', () => this.redis.publish(this.stopChannel(runId), '1'));
    return true;
  }

  /** Listens on the run's stop channel (one subscriber connection for all runs), after checking its flag. */
  async onStop(runId: string, onStop: () => void): Promise<() => Promise<void>> {
    const channel = this.stopChannel(runId);
    let listeners = this.stopListeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.stopListeners.set(channel, listeners);
      const subscriber = this.subscriberConnection();
      await redisOperation(subscriber, STORE, 'subscribe', () => subscriber.subscribe(channel));
    }
    let fired = false;
    const once = (): void => {
      if (fired) return;
      fired = true;
      onStop();
    };
    listeners.add(once);
    const stopped = await redisOperation(this.redis, STORE, 'onStop', () =>
      this.redis.hget(this.metaKey(runId), 'stopped'),
    );
    if (stopped === '1') once();
    return async () => {
      listeners.delete(once);
      if (listeners.size > 0 || this.stopListeners.get(channel) !== listeners) return;
      this.stopListeners.delete(channel);
      if (this.subscriber?.status === 'ready')
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  /** Closes the connections the store made (and the client, when it made it from a URL). */
  async close(): Promise<void> {
    this.closed = true;
    const connections = [...this.idleReaders, ...this.busyReaders];
    if (this.subscriber) connections.push(this.subscriber);
    this.idleReaders.length = 0;
    this.busyReaders.clear();
    this.stopListeners.clear();
    // A reader blocked in XREAD answers QUIT only after its BLOCK: cut it instead.
    for (const connection of connections) connection.disconnect();
    if (this.owned) await closeRedisClient(this.redis);
  }

  private acquireReader(): Redis {
    const reader = this.idleReaders.pop() ?? this.redis.duplicate();
    reader.on('error', () => undefined);
    this.busyReaders.add(reader);
    return reader;
  }

  private releaseReader(reader: Redis): void {
    this.busyReaders.delete(reader);
    reader.removeAllListeners('error');
    if (!this.closed && this.idleReaders.length < IDLE_READERS && reader.status === 'ready')
      this.idleReaders.push(reader);
    else reader.disconnect();
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = this.redis.duplicate();
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string) => {
      for (const listener of [...(this.stopListeners.get(channel) ?? [])]) listener();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  private async streamOf(runId: string): Promise<string | undefined> {
    const known = this.running.get(runId);
    if (known !== undefined) return known;
    const streamId = await redisOperation(this.redis, STORE, 'read', () =>
      this.redis.hget(this.metaKey(runId), 'stream'),
    );
    return streamId ?? undefined;
  }

  private latestKey(streamId: string): string {
    return `${this.prefix}stream:${streamId}:latest`;
  }

  private runKey(runId: string): string {
    return `${this.prefix}stream-run:${runId}`;
  }

  private metaKey(runId: string): string {
    return `${this.prefix}stream-run:${runId}:meta`;
  }

  private stopChannel(runId: string): string {
    return `${this.prefix}stream-stop:${runId}`;
  }
}
