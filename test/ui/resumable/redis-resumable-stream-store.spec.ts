import { RedisResumableStreamStore } from 'nestjs-tool-calling/redis';
import { describeWithRedis } from '../../support/redis-suite';
import { streamStoreContract } from './stream-store.contract';

describeWithRedis('RedisResumableStreamStore', (live) => {
  // Each store its own connection: the two "replicas" of the contract share only the Redis server.
  streamStoreContract(() => new RedisResumableStreamStore(live.server.url, { keyPrefix: 'spec:' }));

  it('keeps a recording in Redis Streams under the prefix, with a TTL once its run ended', async () => {
    const store = new RedisResumableStreamStore(live.client, { keyPrefix: 'keys:' });
    const runId = await store.start('chat-keys');
    await store.append(runId, ['data: 1\n\n'], 100);
    expect(await live.client.get('keys:stream:chat-keys:latest')).toBe(runId);
    expect(await live.client.type(`keys:stream-run:${runId}`)).toBe('stream');
    expect(await live.client.pttl(`keys:stream-run:${runId}`)).toBeLessThanOrEqual(30_000);
    await store.finish(runId, 120);
    const ttl = await live.client.ttl(`keys:stream-run:${runId}`);
    expect(ttl).toBeGreaterThan(100);
    expect(await live.client.ttl('keys:stream:chat-keys:latest')).toBeGreaterThan(100);
    await store.close();
    expect(live.client.status).toBe('ready');
  });
});
