import { auth } from '@modelcontextprotocol/client';
import { createMcpAuthProvider } from '../../../../lib/mcp/client/auth/mcp-auth-provider.factory';
import type { McpClientAuth } from '../../../../lib/mcp/client/auth/mcp-client-auth';
import { RedisMcpTokenStore } from '../../../../lib/redis/redis-mcp-token-store';
import { describeWithRedis } from '../../../support/redis-suite';
import { CLIENT_ID, startOAuthTestServer, type OAuthTestServer } from './oauth-test-server';

describeWithRedis('MCP OAuth across replicas sharing a RedisMcpTokenStore', (live) => {
  let server: OAuthTestServer;

  beforeAll(async () => {
    server = await startOAuthTestServer('unused-secret');
  });
  afterAll(() => server.close());
  beforeEach(() => live.client.flushdb());

  it('the redirect lands on another replica: it finishes the authorization, and both use the tokens', async () => {
    let sentTo: URL | undefined;
    const settings: McpClientAuth = {
      type: 'authorization_code',
      redirectUrl: 'http://127.0.0.1:1/callback',
      client: { clientId: CLIENT_ID, issuer: server.url },
      onAuthorizationUrl: (url) => {
        sentTo = url;
      },
      tokenStore: new RedisMcpTokenStore(live.client, { keyPrefix: 'replicas:' }),
    };
    const target = { name: 'tickets', url: server.mcpUrl };
    const first = createMcpAuthProvider(settings, target);
    const second = createMcpAuthProvider(settings, target);

    expect(await auth(first, { serverUrl: server.mcpUrl })).toBe('REDIRECT');
    expect(await live.client.pttl('replicas:mcp-auth:tickets:state')).toBeGreaterThan(0);
    expect(await live.client.pttl('replicas:mcp-auth:tickets:verifier')).toBeGreaterThan(0);

    const redirect = await fetch(sentTo!, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    await second.finishAuthorization({
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });

    expect((await first.tokens())?.access_token).toBe('user-token');
    expect((await second.tokens())?.access_token).toBe('user-token');
    expect(
      await live.client.exists('replicas:mcp-auth:tickets:state', 'replicas:mcp-auth:tickets:verifier'),
    ).toBe(0);
    // With a refresh token the record is kept until replaced, not until the access token expires.
    expect(await live.client.pttl('replicas:mcp-auth:tickets:tokens')).toBe(-1);
  });
});
