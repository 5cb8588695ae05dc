import {
  Agent,
  request as httpRequest,
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A load balancer for tests: each request goes to the next upstream in turn, with no affinity of any kind. */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`: where clients connect. */
  readonly url: string;
  /** How many requests each upstream was sent, in the order of the upstreams given. */
  readonly served: readonly number[];
  /** The method, upstream index and `Mcp-Session-Id` of each request, in order. */
  readonly log: readonly { readonly method: string; readonly upstream: number; readonly session?: string }[];
  /** Stops listening and ends every connection still open. */
  close(): Promise<void>;
}

/**
 * Starts a round-robin HTTP proxy on 127.0.0.1 in front of `upstreams` (base URLs, `http://127.0.0.1:<port>`):
 * request n goes to upstream n mod the count, its body and its response (SSE included) streamed through unchanged.
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error('a round-robin proxy needs at least one upstream');
  const targets = upstreams.map((url) => new URL(url));
  const served = targets.map(() => 0);
  const log: { method: string; upstream: number; session?: string }[] = [];
  const sockets = new Set<Socket>();
  // No pooled connection outlives the proxy.
  const agent = new Agent({ keepAlive: false });
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const upstream = next++ % targets.length;
    served[upstream]++;
    const session = incoming.headers['mcp-session-id'];
    log.push({
      method: incoming.method ?? 'GET',
      upstream,
      ...(typeof session === 'string' && { session }),
    });
    const target = targets[upstream];
    const proxied = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
        response.on('error', () => outgoing.destroy());
      },
    );
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    // The client went away (a dropped SSE stream): the upstream sees its connection close too.
    outgoing.on('close', () => proxied.destroy());
    incoming.pipe(proxied);
  };

  const server = createServer(forward);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
