import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** An MCP endpoint that wants a bearer token, in front of a real MCP server, on a loopback port. */
export interface BearerGuardedMcpServer {
  readonly url: string;
  /** The bearer tokens the guarded requests came with, in order (undefined: none). */
  readonly bearers: (string | undefined)[];
  close(): Promise<void>;
}

/**
 * A protected resource (RFC 9728) at `/mcp`: without `Authorization: Bearer <token>` it answers 401 with the
 * `WWW-Authenticate` challenge naming its metadata, which names `authorizationServer`; with it, the request goes on
 * to the MCP server at `target`, its answer (JSON or SSE) streamed back.
 */
export async function startBearerGuardedMcpServer(
  target: string,
  authorizationServer: string,
  token: string,
): Promise<BearerGuardedMcpServer> {
  let base = '';
  const bearers: (string | undefined)[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', base).pathname;
      if (path === '/.well-known/oauth-protected-resource/mcp') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [authorizationServer] }),
        );
        return;
      }
      if (path !== '/mcp') return void response.writeHead(404).end();
      const auth = request.headers.authorization;
      const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
      bearers.push(bearer);
      if (bearer !== token) {
        response.writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        });
        response.end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
          headers.set(name, value);
      const answer = await fetch(target, {
        method: request.method,
        headers,
        body: request.method === 'POST' ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (answer.body) Readable.fromWeb(answer.body as never).pipe(response);
      else response.end();
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    bearers,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
