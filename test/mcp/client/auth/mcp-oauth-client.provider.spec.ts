import { auth, UnauthorizedError } from '@modelcontextprotocol/client';
import { McpAuthorizationRequiredError } from '../../../../lib/errors/mcp-authorization-required.error';
import { McpAuthorizationError } from '../../../../lib/errors/mcp-authorization.error';
import { InMemoryMcpTokenStore } from '../../../../lib/mcp/client/auth/in-memory-mcp-token-store';
import { createMcpAuthProvider } from '../../../../lib/mcp/client/auth/mcp-auth-provider.factory';
import type {
  McpAuthorizationResponse,
  McpClientAuth,
} from '../../../../lib/mcp/client/auth/mcp-client-auth';
import { withMcpAuthorization } from '../../../../lib/mcp/client/auth/with-mcp-authorization';
import { CLIENT_ID, startOAuthTestServer, type OAuthTestServer } from './oauth-test-server';

const SECRET = 's3cret-value-never-shown';
const REDIRECT = 'http://127.0.0.1:1/callback';

async function approve(url: URL): Promise<McpAuthorizationResponse> {
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state') ?? undefined };
}

describe('McpOAuthClientProvider, driven by the MCP SDK v2 auth() against a real authorization server', () => {
  let server: OAuthTestServer;
  let now: number;
  let store: InMemoryMcpTokenStore;

  beforeAll(async () => {
    server = await startOAuthTestServer(SECRET);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.tokenRequests.length = 0;
    now = Date.now();
    store = new InMemoryMcpTokenStore(() => now);
  });

  function provider(settings: McpClientAuth) {
    return createMcpAuthProvider({ ...settings, tokenStore: store }, { name: 'svc', url: server.mcpUrl });
  }

  it('client credentials with client_secret_basic: the token lands in the store, kept as long as expires_in', async () => {
    const p = provider({
      type: 'client_credentials',
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      scope: 'read',
    });
    expect(await auth(p, { serverUrl: server.mcpUrl })).toBe('AUTHORIZED');
    const [request] = server.tokenRequests;
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`);
    expect(request.params.get('grant_type')).toBe('client_credentials');
    expect(request.params.get('scope')).toBe('read');
    expect(request.params.get('resource')).toBe(server.mcpUrl);
    expect((await p.tokens())?.access_token).toBe('service-token-1');
    now += 61_000;
    expect(await p.tokens()).toBeUndefined();
  });

  it('client credentials with client_secret_post: the secret goes in the body, no Authorization header', async () => {
    const p = provider({
      type: 'client_credentials',
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      tokenEndpointAuthMethod: 'client_secret_post',
    });
    expect(await auth(p, { serverUrl: server.mcpUrl })).toBe('AUTHORIZED');
    expect(server.tokenRequests[0].authorization).toBeUndefined();
    expect(server.tokenRequests[0].params.get('client_secret')).toBe(SECRET);
  });

  // private_key_jwt signs with `jose`, which the SDK imports dynamically (not under Jest's CommonJS runtime): the
  // suite's auth/client-credentials-jwt scenario verifies that assertion (mcp-conformance-client.e2e-spec.ts).

  it('a refused client becomes McpAuthorizationError, the secret the peer echoed cut out of the text', async () => {
    const p = provider({ type: 'client_credentials', clientId: CLIENT_ID, clientSecret: `${SECRET}-wrong` });
    const error = p.toError(await auth(p, { serverUrl: server.mcpUrl }).catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(McpAuthorizationError);
    expect((error as McpAuthorizationError).oauthError).toBe('invalid_client');
    expect((error as Error).message).toBe(
      'MCP server "svc": authorization failed: unknown secret [redacted]',
    );
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('authorization code, inline: onAuthorizationUrl brings the code, PKCE checked, the request may go again', async () => {
    const seen: string[] = [];
    const p = provider({
      type: 'authorization_code',
      redirectUrl: REDIRECT,
      client: { clientId: CLIENT_ID, clientSecret: SECRET, issuer: server.url },
      onAuthorizationUrl: (url, target) => {
        seen.push(`${target.name} ${url.searchParams.get('code_challenge_method')}`);
        return approve(url);
      },
    });
    expect(await auth(p, { serverUrl: server.mcpUrl })).toBe('REDIRECT');
    expect(seen).toEqual(['svc S256']);
    expect((await p.tokens())?.access_token).toBe('user-token');
    expect(p.takeInlineAuthorization()).toBe(true);
    expect(p.takeInlineAuthorization()).toBe(false);
    // A refresh token: the record outlives the access token.
    now += 3_600_000;
    expect((await p.tokens())?.refresh_token).toBe('r-1');
    expect(await store.get('svc', 'verifier')).toBeUndefined();
  });

  it('authorization code through the redirect endpoint: finishAuthorization checks the state, once', async () => {
    let sentTo: URL | undefined;
    const p = provider({
      type: 'authorization_code',
      redirectUrl: REDIRECT,
      client: { clientId: CLIENT_ID, issuer: server.url },
      onAuthorizationUrl: (url) => {
        sentTo = url;
      },
    });
    expect(await auth(p, { serverUrl: server.mcpUrl })).toBe('REDIRECT');
    expect(p.awaitingRedirect).toBe(true);
    const redirect = await approve(sentTo!);

    const forged = await p
      .finishAuthorization({ ...redirect, state: 'forged' })
      .catch((caught: unknown) => caught);
    expect(forged).toBeInstanceOf(McpAuthorizationError);
    expect((forged as Error).message).toBe(
      'MCP server "svc": authorization failed: the redirect carries a state that is not the one sent (an old or forged redirect)',
    );

    expect(await auth(p, { serverUrl: server.mcpUrl })).toBe('REDIRECT');
    const fresh = await approve(sentTo!);
    await p.finishAuthorization(fresh);
    expect((await p.tokens())?.access_token).toBe('user-token');
    expect(p.awaitingRedirect).toBe(false);
    expect(server.tokenRequests.at(-1)!.params.get('code_verifier')).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);

    const replay = await p.finishAuthorization(fresh).catch((caught: unknown) => caught);
    expect((replay as Error).message).toBe(
      'MCP server "svc": authorization failed: no authorization is in progress for this server (its state has expired)',
    );
    expect((replay as Error).message).not.toContain(fresh.code);
  });

  it('withMcpAuthorization: a transport refusal while the user is away is McpAuthorizationRequiredError', async () => {
    const p = provider({
      type: 'authorization_code',
      redirectUrl: REDIRECT,
      onAuthorizationUrl: () => undefined,
      client: { clientId: CLIENT_ID, issuer: server.url },
    });
    await auth(p, { serverUrl: server.mcpUrl });
    let attempts = 0;
    const error = await withMcpAuthorization(p, () => {
      attempts++;
      return Promise.reject(new UnauthorizedError());
    }).catch((caught: unknown) => caught);
    expect(attempts).toBe(1);
    expect(error).toBeInstanceOf(McpAuthorizationRequiredError);
    expect((error as Error).message).toBe(
      'MCP server "svc" needs the user\'s authorization: the user was sent to its authorization page; once the ' +
        'redirect endpoint receives the code, finishAuthorization completes it',
    );
  });

  it('withMcpAuthorization: sends again after an inline authorization, at most three times in all', async () => {
    const p = provider({
      type: 'authorization_code',
      redirectUrl: REDIRECT,
      client: { clientId: CLIENT_ID, issuer: server.url },
      onAuthorizationUrl: approve,
    });
    let attempts = 0;
    const error = await withMcpAuthorization(p, async () => {
      attempts++;
      await auth(p, { serverUrl: server.mcpUrl, forceReauthorization: true });
      throw new UnauthorizedError();
    }).catch((caught: unknown) => caught);
    expect(attempts).toBe(3);
    expect(error).toBeInstanceOf(McpAuthorizationError);
    expect((error as Error).message).toBe('MCP server "svc": authorization failed: Unauthorized');
  });

  it('credentials bound to an issuer are sent to no other authorization server', async () => {
    const p = provider({
      type: 'client_credentials',
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      issuer: 'https://other-issuer.example',
    });
    const error = p.toError(await auth(p, { serverUrl: server.mcpUrl }).catch((caught: unknown) => caught));
    expect(error).toBeInstanceOf(McpAuthorizationError);
    expect((error as Error).message).toMatch(
      /^MCP server "svc": authorization failed: .*other-issuer\.example/,
    );
    expect(server.tokenRequests).toEqual([]);
  });

  it('other errors pass through unchanged (the client reports an unreachable server its own way)', () => {
    const p = provider({ type: 'client_credentials', clientId: CLIENT_ID, clientSecret: SECRET });
    const network = new TypeError('fetch failed');
    expect(p.toError(network)).toBe(network);
  });
});
