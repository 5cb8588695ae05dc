import { durableRunsSettings } from '../../sample-app/src/runs/durable-runs.settings';
import { runCaller } from '../../sample-app/src/runs/run-caller';
import { slowToolMs } from '../../sample-app/src/tickets/slow-export';

describe('the sample app: durable runs settings from the environment', () => {
  it('keeps durable runs off without REDIS_URL (the offline quick start)', () => {
    expect(durableRunsSettings('web', {})).toBeUndefined();
    expect(durableRunsSettings('worker', { REDIS_URL: '  ' })).toBeUndefined();
  });

  it('runs a worker in the web process unless RUN_WORKER=false; a worker process always does', () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(durableRunsSettings('web', redis)).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      worker: true,
      concurrency: 4,
    });
    expect(durableRunsSettings('web', { ...redis, RUN_WORKER: 'false' })?.worker).toBe(false);
    expect(durableRunsSettings('worker', { ...redis, RUN_WORKER: 'false' })?.worker).toBe(true);
    expect(durableRunsSettings('web', { ...redis, RUN_CONCURRENCY: '12' })?.concurrency).toBe(12);
  });

  it('refuses bad values with a message naming the variable', () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(() => durableRunsSettings('web', { ...redis, RUN_WORKER: 'no' })).toThrow(
      'RUN_WORKER must be true or false, not "no"',
    );
    expect(() => durableRunsSettings('web', { ...redis, RUN_CONCURRENCY: '0' })).toThrow(
      'RUN_CONCURRENCY must be a whole number from 1 to 100, not "0"',
    );
    expect(() => slowToolMs({ SAMPLE_SLOW_TOOL_MS: '-5' })).toThrow(
      'SAMPLE_SLOW_TOOL_MS must be a whole number of milliseconds from 0 to 600000, not "-5"',
    );
    expect(slowToolMs({})).toBe(3_000);
    expect(slowToolMs({ SAMPLE_SLOW_TOOL_MS: '250' })).toBe(250);
  });
});

describe('the sample app: the caller of a durable run as data', () => {
  const user = { username: 'alice', tenant: 'acme', roles: ['admin'] };

  it('carries the signed-in user and nothing else of the request (no token), and gives it back to guards', () => {
    const data = runCaller.toData({ headers: { authorization: 'Bearer secret' }, user });
    expect(JSON.parse(JSON.stringify(data))).toEqual(user);
    expect(runCaller.toRequest(data)).toEqual({ headers: {}, user });
  });

  it('gives guards a request without a user when the data is not one (they refuse)', () => {
    expect(runCaller.toData({ headers: {} })).toBeNull();
    expect(runCaller.toRequest(null)).toEqual({ headers: {} });
    expect(runCaller.toRequest({ username: 'alice', tenant: 'acme', roles: 'admin' })).toEqual({
      headers: {},
    });
  });
});
