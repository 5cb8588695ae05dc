import { RedisRunStore } from '../../lib/runs/redis-run-store';
import type { RunCheckpoint } from '../../lib/chat/ports/run-checkpoint';
import { describeWithRedis } from '../support/redis-suite';

function checkpoint(seq: number, phase: RunCheckpoint['phase'] = 'model'): RunCheckpoint {
  return {
    version: 1,
    seq,
    phase,
    history: [{ role: 'user', content: `step ${seq}` }],
    rounds: seq,
    counter: { total: 0, perTool: {} },
    records: [],
  };
}

describeWithRedis('RedisRunStore', (redis) => {
  let store: RedisRunStore;
  beforeAll(() => {
    store = new RedisRunStore(redis.client, 'run-store-test:', 60_000);
  });

  it('keeps a later checkpoint only, and forgets the calls of the round it closes', async () => {
    expect(await store.create('r1', 'alice', 5)).toBe(true);
    await store.save('r1', checkpoint(1, 'tools'));
    await store.callStarted('r1', 'c1', { idempotent: false });
    await store.callSettled('r1', { id: 'c1', name: 't', result: 'ok', isError: false });
    let progress = await store.progress('r1');
    expect(progress!.checkpoint.seq).toBe(1);
    expect(progress!.started.get('c1')).toEqual({ idempotent: false });
    expect(progress!.results.get('c1')!.result).toBe('ok');

    await store.save('r1', checkpoint(2));
    await store.save('r1', checkpoint(1)); // a stale writer: ignored
    progress = await store.progress('r1');
    expect(progress!.checkpoint).toMatchObject({ seq: 2, phase: 'model' });
    expect(progress!.started.size).toBe(0);
    expect(progress!.results.size).toBe(0);
  });

  it('ends a run once, and frees its place in the caller’s cap', async () => {
    expect(await store.create('a1', 'bob', 2)).toBe(true);
    expect(await store.create('a2', 'bob', 2)).toBe(true);
    expect(await store.create('a3', 'bob', 2)).toBe(false);
    expect(await store.end('a1', 'bob', 'finished', 'response', '{"text":"one"}')).toBe(true);
    expect(await store.end('a1', 'bob', 'cancelled', 'error', 'late')).toBe(false);
    expect(await store.record('a1')).toMatchObject({ status: 'finished', response: '{"text":"one"}' });
    expect(await store.create('a3', 'bob', 2)).toBe(true);
  });

  it('refuses a checkpoint it cannot read with a typed error, and leaves it', async () => {
    await store.create('bad', 'carol', 5);
    await redis.client.set('run-store-test:run:bad:cp', '{"version":9}');
    await expect(store.progress('bad')).rejects.toMatchObject({
      name: 'RunFailedError',
      message: expect.stringContaining("the run's stored state cannot be read: its version 9 is not 1"),
    });
    expect(await redis.client.get('run-store-test:run:bad:cp')).toBe('{"version":9}');
  });
});
