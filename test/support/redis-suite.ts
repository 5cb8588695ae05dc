import { Redis } from 'ioredis';
import { describeIf } from './describe-if';
import { REDIS_SERVER, startRedis, type RunningRedis } from './redis-server';

export interface LiveRedis {
  readonly server: RunningRedis;
  /** A client on `server`, for the tests to look at what a store wrote. */
  readonly client: Redis;
}

/**
 * A describe block with a real redis-server and a client on it (both there before its tests run, stopped after);
 * skipped, with a warning naming `subject`, where redis-server is not installed.
 */
/** Why a Redis suite is skipped. */
export const NO_REDIS_SERVER = 'no redis-server (apt-get install -y redis-server)';

export function describeWithRedis(subject: string, body: (live: LiveRedis) => void): void {
  describeIf(REDIS_SERVER, NO_REDIS_SERVER)(`${subject} (a real redis-server)`, () => {
    const live = {} as { server: RunningRedis; client: Redis };
    beforeAll(async () => {
      live.server = await startRedis();
      live.client = new Redis(live.server.url);
    });
    afterAll(async () => {
      await live.client?.quit();
      await live.server?.stop();
    });
    body(live);
  });
}
