import {
  McpAuthorizationError,
  McpAuthorizationRequiredError,
  type McpAuthorizationResponse,
} from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { Logger } from '@nestjs/common';
import { startOAuthTestServer, type OAuthTestServer } from './auth/oauth-test-server';
import {
  startBearerGuardedMcpServer,
  type BearerGuardedMcpServer,
} from './support/bearer-guarded-mcp-server';
import { startV2McpServer, type V2McpServer } from './support/v2-mcp-server';

const SECRET = 'client-s3cret-never-shown';
const REDIRECT = 'http://127.0.0.1:1/mcp/callback';

/** The test authorization server approves at once: its answer redirects to the redirect URL with code and state. */
async function approve(url: URL): Promise<McpAuthorizationResponse> {
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state') ?? undefined };
}

describe('McpToolCallbackProvider with an OAuth-protected server (authorization code, PKCE)', () => {
  let oauth: OAuthTestServer;
  let mcp: V2McpServer;
  let guarded: BearerGuardedMcpServer;
  const providers: McpToolCallbackProvider[] = [];

  beforeAll(async () => {
    oauth = await startOAuthTestServer(SECRET);
    mcp = await startV2McpServer();
    guarded = await startBearerGuardedMcpServer(mcp.url, oauth.url, 'user-token');
  });
  afterEach(async () => {
    await Promise.all(providers.splice(0).map((provider) => provider.close()));
    guarded.bearers.length = 0;
  });
  afterAll(async () => {
    await guarded.close();
    await mcp.close();
    await oauth.close();
  });

  function client(
    onAuthorizationUrl: (
      url: URL,
    ) => McpAuthorizationResponse | void | Promise<McpAuthorizationResponse | void>,
  ) {
    const provider = new McpToolCallbackProvider({
      servers: {
        guarded: {
          url: guarded.url,
          auth: {
            type: 'authorization_code',
            redirectUrl: REDIRECT,
            client: { clientId: 'app', clientSecret: SECRET },
            onAuthorizationUrl,
          },
        },
        open: { url: mcp.url },
      },
      retryDelayMs: 0,
    });
    providers.push(provider);
    return provider;
  }

  it('inline: the code comes back in onAuthorizationUrl, the refused request is sent again, tools list and run', async () => {
    const urls: URL[] = [];
    const provider = client((url) => {
      urls.push(url);
      return approve(url);
    });
    const tools = await provider.getToolCallbacks();
    expect(tools.map((tool) => tool.getToolDefinition().name)).toEqual(
      expect.arrayContaining(['guarded_echo', 'open_echo']),
    );
    expect(urls).toHaveLength(1);
    expect(urls[0].searchParams.get('code_challenge_method')).toBe('S256');
    const echo = tools.find((tool) => tool.getToolDefinition().name === 'guarded_echo')!;
    expect(await echo.call(JSON.stringify({ text: 'hi' }))).toBe('{"text":"hi"}');
    // One authorization for the connection and its requests: the token is kept in the provider's store.
    expect(urls).toHaveLength(1);
    // The in-memory store outlives the connection: connecting again sends nobody to authorize.
    await provider.close();
    expect((await provider.getToolCallbacks()).length).toBe(tools.length);
    expect(urls).toHaveLength(1);
    expect(guarded.bearers[0]).toBeUndefined();
    expect(guarded.bearers.slice(1).every((bearer) => bearer === 'user-token')).toBe(true);
  });

  it('redirect: the user is sent away (the server offers nothing meanwhile); finishAuthorization brings its tools', async () => {
    let sent: URL | undefined;
    const provider = client((url) => void (sent = url));
    const changed = jest.fn();
    provider.onToolsChanged(changed);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const before = await provider.getToolCallbacks();
    expect(before.map((tool) => tool.getToolDefinition().name)).toEqual(['echo', 'count', 'ask']);
    expect(sent).toBeDefined();
    // Only the open server's tools, under their own names; the listing of the other failed with McpAuthorizationRequiredError: its text is the warning.
    expect(warn).toHaveBeenCalledWith(new McpAuthorizationRequiredError('guarded').message);
    expect(new McpAuthorizationRequiredError('guarded').message).toBe(
      'MCP server "guarded" needs the user\'s authorization: the user was sent to its authorization page; once the ' +
        'redirect endpoint receives the code, finishAuthorization completes it',
    );
    warn.mockRestore();

    const redirect = await approve(sent!);
    await provider.finishAuthorization('guarded', redirect);
    expect(changed).toHaveBeenCalled();
    const after = await provider.getToolCallbacks();
    const echo = after.find((tool) => tool.getToolDefinition().name === 'guarded_echo');
    expect(echo).toBeDefined();
    expect(await echo!.call(JSON.stringify({ text: 'after' }))).toBe('{"text":"after"}');
  });

  it('finishAuthorization refuses a forged state, an unknown server and a server without auth; no code in the text', async () => {
    let sent: URL | undefined;
    const provider = client((url) => void (sent = url));
    await provider.getToolCallbacks();
    const redirect = await approve(sent!);

    const forged = (await provider
      .finishAuthorization('guarded', { ...redirect, state: 'forged' })
      .catch((e: unknown) => e)) as McpAuthorizationError;
    expect(forged).toBeInstanceOf(McpAuthorizationError);
    expect(forged.message).toBe(
      'MCP server "guarded": authorization failed: the redirect carries a state that is not the one sent (an old or forged redirect)',
    );
    expect(forged.message).not.toContain(redirect.code);

    const unknown = (await provider.finishAuthorization('nope', redirect).catch((e: unknown) => e)) as Error;
    expect(unknown).toBeInstanceOf(McpAuthorizationError);
    expect(unknown.message).toBe(
      'MCP server "nope": authorization failed: no MCP server is named "nope" in the options: no authorization to finish',
    );

    const open = (await provider.finishAuthorization('open', redirect).catch((e: unknown) => e)) as Error;
    expect(open).toBeInstanceOf(McpAuthorizationError);
    expect(open.message).toBe(
      'MCP server "open": authorization failed: it has no "auth" of type "authorization_code": there is no ' +
        'authorization to finish with a redirect',
    );
  });
});
