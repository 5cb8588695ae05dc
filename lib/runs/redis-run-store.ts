import type { Redis } from 'ioredis';
import type { ToolResponse } from '../chat/model/messages';
import type {
  RunCheckpoint,
  RunCheckpointStore,
  RunProgress,
  StartedToolCall,
} from '../chat/ports/run-checkpoint';
import { RunFailedError } from '../errors/run-failed.error';
import { RunsMessages } from '../errors/messages/runs.messages';
import { redisOperation } from '../util/redis-client';

const STORE = 'the Redis run store';

/** Where a run stands. */
export type RunStatus = 'queued' | 'running' | 'paused' | 'finished' | 'failed' | 'cancelled';

/** A run's record, as the store keeps it (flat strings in a hash). */
export interface RunRecord {
  /** Where it stands. */
  readonly status: RunStatus;
  /** Its owner. */
  readonly callerId: string;
  /** When it was submitted (milliseconds since the epoch). */
  readonly createdAt: number;
  /** JSON of the final `ChatClientResponse`'s data, once finished. */
  readonly response?: string;
  /** Why it failed or was cancelled. */
  readonly error?: string;
  /** JSON of the pending approvals, while paused. */
  readonly pendingApprovals?: string;
}

// Replaces the checkpoint, only by a later one, and forgets the calls of the round it closes: all or nothing.
const SAVE = `
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
if tonumber(ARGV[1]) <= seq then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('HSET', KEYS[1], 'seq', ARGV[1])
redis.call('DEL', KEYS[3], KEYS[4])
return 1`;

// Ends a run once: a run already ended keeps how it ended. ARGV: status, field, value.
const END = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status or status == 'finished' or status == 'failed' or status == 'cancelled' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], ARGV[2], ARGV[3])
redis.call('HDEL', KEYS[1], 'pendingApprovals')
redis.call('SREM', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
redis.call('DEL', KEYS[4], KEYS[5])
return 1`;

// Registers a new run unless its caller has too many active ones. ARGV: runId, callerId, createdAt, limit.
const CREATE = `
local active = redis.call('SMEMBERS', KEYS[2])
local count = 0
for _, id in ipairs(active) do
  local status = redis.call('HGET', ARGV[5] .. id, 'status')
  if status == 'queued' or status == 'running' or status == 'paused' then count = count + 1
  else redis.call('SREM', KEYS[2], id) end
end
if count >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'status', 'queued', 'callerId', ARGV[2], 'createdAt', ARGV[3], 'seq', '0')
redis.call('SADD', KEYS[2], ARGV[1])
return 1`;

/**
 * The runs' state on Redis: each run's record (status, owner, outcome), its last checkpoint, and which calls of its
 * current round started and which have results. Every write is one command or one script: never half-written.
 */
export class RedisRunStore implements RunCheckpointStore {
  /**
   * @param redis - the client (its owner closes it)
   * @param prefix - prefix of every key
   * @param retainMs - how long an ended run is kept
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly retainMs: number,
  ) {}

  private key(runId: string, part = ''): string {
    return `${this.prefix}run:${runId}${part}`;
  }

  private callerKey(callerId: string): string {
    return `${this.prefix}caller:${callerId}`;
  }

  /** Registers a queued run; `false` when its caller has `limit` active runs already. */
  create(runId: string, callerId: string, limit: number): Promise<boolean> {
    return redisOperation(this.redis, STORE, 'create', async () => {
      const created = await this.redis.eval(
        CREATE,
        2,
        this.key(runId),
        this.callerKey(callerId),
        runId,
        callerId,
        String(Date.now()),
        String(limit),
        `${this.prefix}run:`,
      );
      return created === 1;
    });
  }

  /** The run's record; absent: none. */
  record(runId: string): Promise<RunRecord | undefined> {
    return redisOperation(this.redis, STORE, 'read', async () => {
      const hash = await this.redis.hgetall(this.key(runId));
      if (hash.status === undefined) return undefined;
      return { ...hash, createdAt: Number(hash.createdAt) } as unknown as RunRecord;
    });
  }

  /** Sets the status of a run that has not ended; `false` when it has. */
  setStatus(runId: string, status: 'running' | 'paused', pendingApprovals?: string): Promise<boolean> {
    const script = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status or status == 'finished' or status == 'failed' or status == 'cancelled' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'pendingApprovals', ARGV[2]) else redis.call('HDEL', KEYS[1], 'pendingApprovals') end
return 1`;
    return redisOperation(this.redis, STORE, 'status', async () => {
      return (await this.redis.eval(script, 1, this.key(runId), status, pendingApprovals ?? '')) === 1;
    });
  }

  /** Ends a run (once: `false` when it had ended already). */
  end(
    runId: string,
    callerId: string,
    status: 'finished' | 'failed' | 'cancelled',
    field: 'response' | 'error',
    value: string,
  ): Promise<boolean> {
    return redisOperation(this.redis, STORE, 'end', async () => {
      const ended = await this.redis.eval(
        END,
        5,
        this.key(runId),
        this.callerKey(callerId),
        this.key(runId, ':cp'),
        this.key(runId, ':started'),
        this.key(runId, ':results'),
        status,
        field,
        value,
        runId,
        String(this.retainMs),
      );
      return ended === 1;
    });
  }

  /** Saves a checkpoint atomically, unless a later one is stored already (a stale writer). */
  save(runId: string, checkpoint: RunCheckpoint): Promise<void> {
    return redisOperation(this.redis, STORE, 'checkpoint', async () => {
      await this.redis.eval(
        SAVE,
        4,
        this.key(runId),
        this.key(runId, ':cp'),
        this.key(runId, ':started'),
        this.key(runId, ':results'),
        String(checkpoint.seq),
        JSON.stringify(checkpoint),
      );
    });
  }

  /** Marks a call of the current round started. */
  callStarted(runId: string, toolCallId: string, call: StartedToolCall): Promise<void> {
    return redisOperation(this.redis, STORE, 'call started', async () => {
      await this.redis.hset(this.key(runId, ':started'), toolCallId, call.idempotent ? '1' : '0');
    });
  }

  /** Keeps a call's result. */
  callSettled(runId: string, response: ToolResponse): Promise<void> {
    return redisOperation(this.redis, STORE, 'call settled', async () => {
      await this.redis.hset(this.key(runId, ':results'), response.id, JSON.stringify(response));
    });
  }

  /** The last checkpoint and its round's calls (read in one transaction); absent: the run has none yet. */
  progress(runId: string): Promise<RunProgress | undefined> {
    return redisOperation(this.redis, STORE, 'progress', async () => {
      const replies = await this.redis
        .multi()
        .get(this.key(runId, ':cp'))
        .hgetall(this.key(runId, ':started'))
        .hgetall(this.key(runId, ':results'))
        .exec();
      const [cp, started, results] = (replies ?? []).map(([error, value]) => {
        if (error) throw error;
        return value;
      }) as [string | null, Record<string, string>, Record<string, string>];
      if (cp === null) return undefined;
      try {
        const checkpoint = JSON.parse(cp) as RunCheckpoint;
        if (checkpoint.version !== 1 || !Array.isArray(checkpoint.history))
          throw new Error(`its version ${JSON.stringify(checkpoint.version)} is not 1`);
        return {
          checkpoint,
          started: new Map(Object.entries(started).map(([id, flag]) => [id, { idempotent: flag === '1' }])),
          results: new Map(
            Object.entries(results).map(([id, json]) => [id, JSON.parse(json) as ToolResponse]),
          ),
        };
      } catch (error) {
        throw new RunFailedError(RunsMessages.unreadable((error as Error).message));
      }
    });
  }
}
