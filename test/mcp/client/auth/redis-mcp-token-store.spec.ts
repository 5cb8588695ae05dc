import { StateStoreUnavailableError } from '../../../../lib/errors/state-store-unavailable.error';
import { RedisMcpTokenStore } from '../../../../lib/redis/redis-mcp-token-store';
import { describeWithRedis } from '../../../support/redis-suite';

describeWithRedis('RedisMcpTokenStore', (live) => {
  let store: RedisMcpTokenStore;

  beforeEach(async () => {
    await live.client.flushdb();
    store = new RedisMcpTokenStore(live.client, { keyPrefix: 'test:' });
  });

  it('keeps each slot per server as JSON under the prefix, and reads it back', async () => {
    await store.set('github', 'tokens', { access_token: 'A', refresh_token: 'R' });
    await store.set('jira', 'tokens', { access_token: 'B' });
    await store.set('github', 'verifier', 'v');
    expect(await store.get('github', 'tokens')).toEqual({ access_token: 'A', refresh_token: 'R' });
    expect(await store.get('jira', 'tokens')).toEqual({ access_token: 'B' });
    expect(await store.get('jira', 'verifier')).toBeUndefined();
    expect((await live.client.keys('test:mcp-auth:*')).sort()).toEqual([
      'test:mcp-auth:github:tokens',
      'test:mcp-auth:github:verifier',
      'test:mcp-auth:jira:tokens',
    ]);
    expect(await live.client.ttl('test:mcp-auth:github:tokens')).toBe(-1);
  });

  it('sets the ttl asked for, and Redis forgets the value after it', async () => {
    await store.set('github', 'tokens', { access_token: 'A' }, 60_000);
    const ttl = await live.client.pttl('test:mcp-auth:github:tokens');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.set('github', 'state', 's', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get('github', 'state')).toBeUndefined();
  });

  it('encodes the server name, so that no name reaches another server’s keys', async () => {
    await store.set('a:tokens', 'state', 'x');
    expect(await live.client.keys('test:mcp-auth:*')).toEqual(['test:mcp-auth:a%3Atokens:state']);
    expect(await store.get('a', 'tokens')).toBeUndefined();
  });

  it('deletes the slots named only', async () => {
    await store.set('github', 'tokens', { access_token: 'A' });
    await store.set('github', 'client', { client_id: 'c' });
    await store.delete('github', ['tokens', 'verifier']);
    expect(await store.get('github', 'tokens')).toBeUndefined();
    expect(await store.get('github', 'client')).toEqual({ client_id: 'c' });
  });

  it('refuses a record that is not JSON, without showing it', async () => {
    await live.client.set('test:mcp-auth:github:tokens', 'secret-token-text');
    const error = await store.get('github', 'tokens').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StateStoreUnavailableError);
    expect((error as Error).message).toContain('the tokens record of "github" is not JSON');
    expect((error as Error).message).not.toContain('secret-token-text');
  });

  it('fails with StateStoreUnavailableError when Redis is gone, and closes a client it made itself', async () => {
    const own = new RedisMcpTokenStore('redis://127.0.0.1:1/0');
    const error = await own.get('github', 'tokens').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StateStoreUnavailableError);
    await own.close();
  });
});
