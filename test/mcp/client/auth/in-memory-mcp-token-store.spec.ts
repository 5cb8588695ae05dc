import { InMemoryMcpTokenStore } from '../../../../lib/mcp/client/auth/in-memory-mcp-token-store';

describe('InMemoryMcpTokenStore', () => {
  let now: number;
  let store: InMemoryMcpTokenStore;

  beforeEach(() => {
    now = 1_000_000;
    store = new InMemoryMcpTokenStore(() => now);
  });

  it('keeps each slot per server, apart from the other servers', async () => {
    await store.set('a', 'tokens', { access_token: 'A' });
    await store.set('b', 'tokens', { access_token: 'B' });
    await store.set('a', 'verifier', 'v');
    expect(await store.get('a', 'tokens')).toEqual({ access_token: 'A' });
    expect(await store.get('b', 'tokens')).toEqual({ access_token: 'B' });
    expect(await store.get('b', 'verifier')).toBeUndefined();
  });

  it('forgets a value once its ttl has passed, and keeps one without ttl', async () => {
    await store.set('a', 'tokens', { access_token: 'A' }, 60_000);
    await store.set('a', 'client', { client_id: 'c' });
    now += 59_999;
    expect(await store.get('a', 'tokens')).toEqual({ access_token: 'A' });
    now += 1;
    expect(await store.get('a', 'tokens')).toBeUndefined();
    expect(await store.get('a', 'client')).toEqual({ client_id: 'c' });
  });

  it('deletes the slots named, and hands out copies that cannot change what it keeps', async () => {
    await store.set('a', 'tokens', { access_token: 'A' });
    await store.set('a', 'state', 's');
    const copy = (await store.get('a', 'tokens')) as { access_token: string };
    copy.access_token = 'changed';
    expect(await store.get('a', 'tokens')).toEqual({ access_token: 'A' });
    await store.delete('a', ['tokens']);
    expect(await store.get('a', 'tokens')).toBeUndefined();
    expect(await store.get('a', 'state')).toBe('s');
  });
});
