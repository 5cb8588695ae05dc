import type { Redis } from 'ioredis';
import type { Message } from '../chat/model/messages';
import { closeRedisClient, redisOperation, storeClient } from '../util/redis-client';
import type { ChatMemoryRepository } from './chat-memory-repository';
import { parseStoredMessages, serializeStoredMessage } from './stored-conversation';

/** Options of a `RedisChatMemoryRepository`. */
export interface RedisChatMemoryRepositoryOptions {
  /**
   * Prefix of every key; conversations live under `<prefix>memory:<id>`.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long a conversation is kept after its last exchange, in seconds; 0: forever.
   * @defaultValue 604800 (7 days)
   */
  readonly ttlSeconds?: number;
}

const DEFAULT_REDIS_KEY_PREFIX = 'nestjs-tool-calling:';
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;
const STORE = 'the Redis chat memory';

// Appends the exchange and cuts the window in one step: the conversation never holds half an exchange, nor a tool
// result whose call was cut (the entries' "role" is read, never rewritten).
const APPEND = `
for i = 3, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
local max = tonumber(ARGV[1])
local length = redis.call('LLEN', KEYS[1])
if length > max then redis.call('LTRIM', KEYS[1], length - max, -1) end
for _ = 1, max do
  local first = redis.call('LINDEX', KEYS[1], 0)
  if not first then break end
  local ok, entry = pcall(cjson.decode, first)
  if not (ok and type(entry) == 'table' and entry.role == 'tool') then break end
  redis.call('LPOP', KEYS[1])
end
if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

type WithAppend = Redis & {
  ntcMemoryAppend(key: string, max: number, ttlMs: number, ...entries: string[]): Promise<number>;
};

/**
 * Conversations in Redis, so that every replica serves every conversation: one list per conversation, one versioned
 * JSON entry per message. Give it a client (`ioredis`) or a URL; a client made from a URL is closed by `close()`.
 */
export class RedisChatMemoryRepository implements ChatMemoryRepository {
  private readonly client: WithAppend;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly owned: boolean;

  constructor(client: Redis | string, options: RedisChatMemoryRepositoryOptions = {}) {
    const { redis, owned } = storeClient<WithAppend>(client, 'ntcMemoryAppend', APPEND);
    this.client = redis;
    this.owned = owned;
    this.prefix = `${options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}memory:`;
    this.ttlMs = (options.ttlSeconds ?? DEFAULT_TTL_SECONDS) * 1000;
  }

  /** The conversation's messages, oldest first (empty for an unknown id). */
  findByConversationId(conversationId: string): Promise<Message[]> {
    return redisOperation(this.client, STORE, 'read', async () =>
      parseStoredMessages(conversationId, await this.client.lrange(this.key(conversationId), 0, -1)),
    );
  }

  /** Replaces the conversation's messages. */
  saveAll(conversationId: string, messages: readonly Message[]): Promise<void> {
    const key = this.key(conversationId);
    return redisOperation(this.client, STORE, 'write', async () => {
      const transaction = this.client.multi().del(key);
      if (messages.length > 0) transaction.rpush(key, ...messages.map(serializeStoredMessage));
      if (this.ttlMs > 0) transaction.pexpire(key, this.ttlMs);
      failedReply(await transaction.exec());
    });
  }

  /** Forgets the conversation. */
  deleteByConversationId(conversationId: string): Promise<void> {
    return redisOperation(this.client, STORE, 'delete', async () => {
      await this.client.del(this.key(conversationId));
    });
  }

  /** Adds the messages and keeps the last `maxMessages`, in one script. */
  append(conversationId: string, messages: readonly Message[], maxMessages: number): Promise<void> {
    return redisOperation(this.client, STORE, 'append', async () => {
      await this.client.ntcMemoryAppend(
        this.key(conversationId),
        maxMessages,
        this.ttlMs,
        ...messages.map(serializeStoredMessage),
      );
    });
  }

  /** Closes the connection when the repository made it from a URL. */
  async close(): Promise<void> {
    if (this.owned) await closeRedisClient(this.client);
  }

  private key(conversationId: string): string {
    return this.prefix + conversationId;
  }
}

/** The first error of a MULTI's replies (EXEC rolls nothing back, but a queued command that fails is reported). */
export function failedReply(replies: [Error | null, unknown][] | null): void {
  if (replies === null) throw new Error('the transaction was discarded');
  for (const [error] of replies) if (error) throw error;
}
