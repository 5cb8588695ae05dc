import type { Redis } from 'ioredis';
import { ApprovalStateReadError } from '../errors/approval-state-read.error';
import { closeRedisClient, redisOperation, storeClient } from '../util/redis-client';
import type {
  ApprovalLookup,
  ApprovalStore,
  DecideOutcome,
  PausedRunEntry,
} from '../chat/ports/approval-store';
import type { ApprovalDecision } from '../chat/ports/pending-approval';
import { APPROVAL_RETAIN_MS } from './approval-retention';
import { parseDecision, parseRunData, serializeRunData } from './stored-run-data';

/** Options of a `RedisApprovalStore`. */
export interface RedisApprovalStoreOptions {
  /**
   * Prefix of every key.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long decided and expired ids are remembered after their run expires, in milliseconds.
   * @defaultValue 86400000 (one day)
   */
  readonly retainMs?: number;
}

const STORE = 'the Redis approval store';

/** What an approval id points to; flat, so that the decide script can rewrite it safely. */
interface ApprovalRecord {
  readonly runId: string;
  readonly toolName: string;
  /** Milliseconds since the epoch, as text (Lua numbers would round it in JSON). */
  readonly expiresAt: string;
  readonly total: number;
  readonly decided: boolean;
}

// Records one decision and, when it is the run's last, hands the run over and removes it: atomic, so exactly one
// caller continues a run, and a second decision of the same id is refused.
const DECIDE = `
local raw = redis.call('GET', KEYS[1])
if not raw then return {'unknown'} end
local approval = cjson.decode(raw)
if approval.decided then return {'decided', approval.toolName} end
if tonumber(ARGV[3]) > tonumber(approval.expiresAt) then return {'expired', approval.toolName, approval.expiresAt} end
local runKey = ARGV[4] .. approval.runId
local run = redis.call('GET', runKey)
if not run then return {'unknown'} end
local decisionsKey = ARGV[5] .. approval.runId
redis.call('HSET', decisionsKey, ARGV[1], ARGV[2])
redis.call('PEXPIRE', decisionsKey, math.max(redis.call('PTTL', runKey), 1))
approval.decided = true
redis.call('SET', KEYS[1], cjson.encode(approval), 'KEEPTTL')
local decisions = redis.call('HGETALL', decisionsKey)
if #decisions / 2 < tonumber(approval.total) then
  local reply = {'waiting', run}
  for i = 1, #decisions, 2 do table.insert(reply, decisions[i]) end
  return reply
end
redis.call('DEL', runKey, decisionsKey)
local reply = {'complete', run}
for i = 1, #decisions do table.insert(reply, decisions[i]) end
return reply`;

function parseRecord(raw: string): ApprovalRecord {
  try {
    return JSON.parse(raw) as ApprovalRecord;
  } catch {
    throw new ApprovalStateReadError('its approval record is not JSON');
  }
}

type WithDecide = Redis & {
  ntcApprovalDecide(key: string, ...args: string[]): Promise<string[]>;
};

/**
 * Paused runs in Redis, so that an approval asked for on one replica is decided on any other, and survives the
 * first one's end. A run and its approval ids are written in one MULTI; a decision is one script. Give it a client
 * (`ioredis`) or a URL; a client made from a URL is closed by `close()`.
 */
export class RedisApprovalStore implements ApprovalStore {
  private readonly client: WithDecide;
  private readonly prefix: string;
  private readonly retainMs: number;
  private readonly owned: boolean;

  constructor(client: Redis | string, options: RedisApprovalStoreOptions = {}) {
    const { redis, owned } = storeClient<WithDecide>(client, 'ntcApprovalDecide', DECIDE);
    this.client = redis;
    this.owned = owned;
    this.prefix = options.keyPrefix ?? 'nestjs-tool-calling:';
    this.retainMs = options.retainMs ?? APPROVAL_RETAIN_MS;
  }

  /** Writes the run and its approval ids in one MULTI. */
  save(entry: PausedRunEntry): Promise<void> {
    return redisOperation(this.client, STORE, 'save', async () => {
      const keepMs = Math.max(1, entry.expiresAt + this.retainMs - Date.now());
      const transaction = this.client
        .multi()
        .set(this.runKey(entry.id), serializeRunData(entry.run), 'PX', keepMs);
      for (const approval of entry.approvals) {
        const record: ApprovalRecord = {
          runId: entry.id,
          toolName: approval.toolName,
          expiresAt: String(entry.expiresAt),
          total: entry.approvals.length,
          decided: false,
        };
        transaction.set(this.approvalKey(approval.id), JSON.stringify(record), 'PX', keepMs);
      }
      const replies = await transaction.exec();
      if (replies === null) throw new Error('the transaction was discarded');
      for (const [error] of replies) if (error) throw error;
    });
  }

  /** What this approval id points to, without changing anything. */
  find(approvalId: string): Promise<ApprovalLookup> {
    return redisOperation(this.client, STORE, 'read', async () => {
      const raw = await this.client.get(this.approvalKey(approvalId));
      if (raw === null) return { status: 'unknown' };
      const record = parseRecord(raw);
      if (record.decided) return { status: 'decided', toolName: record.toolName };
      const expiresAt = Number(record.expiresAt);
      if (Date.now() > expiresAt) return { status: 'expired', toolName: record.toolName, expiresAt };
      const text = await this.client.get(this.runKey(record.runId));
      return text === null ? { status: 'unknown' } : { status: 'pending', run: parseRunData(text) };
    });
  }

  /** Records one decision in one script; the last one of a run hands the run over and removes it. */
  decide(approvalId: string, decision: ApprovalDecision, now = Date.now()): Promise<DecideOutcome> {
    return redisOperation(this.client, STORE, 'decide', async () => {
      const [status, ...rest] = await this.client.ntcApprovalDecide(
        this.approvalKey(approvalId),
        approvalId,
        JSON.stringify(decision),
        String(now),
        `${this.prefix}approval-run:`,
        `${this.prefix}approval-decisions:`,
      );
      if (status === 'decided') return { status, toolName: rest[0] };
      if (status === 'expired') return { status, toolName: rest[0], expiresAt: Number(rest[1]) };
      if (status === 'waiting')
        return { status, run: parseRunData(rest[0]), decided: new Set(rest.slice(1)) };
      if (status === 'complete') {
        const decisions = new Map<string, ApprovalDecision>();
        for (let i = 1; i < rest.length; i += 2) decisions.set(rest[i], parseDecision(rest[i + 1]));
        return { status, run: parseRunData(rest[0]), decisions };
      }
      return { status: 'unknown' };
    });
  }

  /** Closes the connection when the store made it from a URL. */
  async close(): Promise<void> {
    if (this.owned) await closeRedisClient(this.client);
  }

  private approvalKey(approvalId: string): string {
    return `${this.prefix}approval:${approvalId}`;
  }

  private runKey(runId: string): string {
    return `${this.prefix}approval-run:${runId}`;
  }
}
