import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

export const CHAT_RUNS_REDIS_URL = Symbol('CHAT_RUNS_REDIS_URL');

/** How long the app remembers who started a run, and which run a chat's latest is: a day. */
const TTL_SECONDS = 86_400;

/**
 * The app's record of its durable runs, in the same Redis as the runs: who started each one (only they may read,
 * stop or answer it), and the latest run of each of a user's chats (what `useChat`'s resume request, which knows
 * only the chat id, reads). Both keys are written in one transaction.
 */
@Injectable()
export class ChatRuns implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(@Inject(CHAT_RUNS_REDIS_URL) url: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }

  async remember(owner: string, chatId: string, runId: string): Promise<void> {
    await this.redis
      .multi()
      .set(ownerKey(runId), owner, 'EX', TTL_SECONDS)
      .set(chatKey(owner, chatId), runId, 'EX', TTL_SECONDS)
      .exec();
  }

  /** The latest run of the user's chat, or `undefined`. */
  async latest(owner: string, chatId: string): Promise<string | undefined> {
    return (await this.redis.get(chatKey(owner, chatId))) ?? undefined;
  }

  /** Whether `owner` started the run (`false` for an unknown or expired one). */
  async owns(owner: string, runId: string): Promise<boolean> {
    return (await this.redis.get(ownerKey(runId))) === owner;
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

const ownerKey = (runId: string) => `sample:run:${runId}:owner`;
const chatKey = (owner: string, chatId: string) => `sample:chat:${owner}:${chatId}:run`;
