import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the test authorization server received at its token endpoint. */
export interface TokenRequest {
  readonly authorization?: string;
  readonly params: URLSearchParams;
}

/** What the test authorization server does; a real HTTP server on 127.0.0.1. */
export interface OAuthTestServer {
  readonly url: string;
  readonly mcpUrl: string;
  readonly tokenRequests: TokenRequest[];
  close(): Promise<void>;
}

const CLIENT_ID = 'svc-client';

/**
 * A small OAuth 2.1 authorization server and protected-resource metadata for the provider's specs: discovery
 * documents, an `/authorize` that approves at once (PKCE challenge kept), and a `/token` that checks the client and
 * the code verifier. A wrong client secret gets an `invalid_client` whose description echoes what was sent, as a
 * careless peer would.
 */
export async function startOAuthTestServer(secret: string): Promise<OAuthTestServer> {
  const tokenRequests: TokenRequest[] = [];
  const challenges = new Map<string, string>();
  let base = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const json = (status: number, body: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: `${base}/mcp`, authorization_servers: [base] });
      if (url.pathname === '/.well-known/oauth-authorization-server')
        return json(200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: [
            'client_secret_basic',
            'client_secret_post',
            'private_key_jwt',
          ],
        });
      if (url.pathname === '/authorize') {
        const code = `code-${challenges.size + 1}`;
        challenges.set(code, url.searchParams.get('code_challenge') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        if (url.searchParams.has('state')) back.searchParams.set('state', url.searchParams.get('state')!);
        response.writeHead(302, { location: back.href }).end();
        return;
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const params = new URLSearchParams(await body(request));
        tokenRequests.push({ authorization: request.headers.authorization, params });
        const basic = request.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':')
          : undefined;
        const sentSecret = basic ? decodeURIComponent(basic[1]) : params.get('client_secret');
        if (sentSecret !== null && sentSecret !== secret)
          return json(401, { error: 'invalid_client', error_description: `unknown secret ${sentSecret}` });
        if (params.get('grant_type') === 'authorization_code') {
          const challenge = challenges.get(params.get('code') ?? '');
          const verifier = params.get('code_verifier') ?? '';
          if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge)
            return json(400, { error: 'invalid_grant', error_description: 'bad code or verifier' });
          return json(200, {
            access_token: 'user-token',
            token_type: 'Bearer',
            expires_in: 60,
            refresh_token: 'r-1',
          });
        }
        return json(200, {
          access_token: `service-token-${tokenRequests.length}`,
          token_type: 'Bearer',
          expires_in: 60,
        });
      }
      json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    mcpUrl: `${base}/mcp`,
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export { CLIENT_ID };

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}
