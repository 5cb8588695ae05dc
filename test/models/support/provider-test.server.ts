import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';

/** One request the server received, its JSON body parsed. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: any;
}

/** How the server answers one request. */
export interface ScriptedReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (`application/json`). */
  readonly json?: unknown;
  /** A server-sent events body (`text/event-stream`), written as it is. */
  readonly sse?: string;
  /** A body written as it is, with `application/json` (for malformed responses). */
  readonly raw?: string;
  /** Write the body in pieces of this many bytes, one event-loop turn apart (SSE parsers must reassemble them). */
  readonly chunkSize?: number;
  /** After the body, destroy the socket instead of ending the response: a connection lost mid-stream. */
  readonly destroy?: boolean;
  /** After the body, keep the response open until the server closes: a model that goes silent. */
  readonly hang?: boolean;
}

/** A folder of test/fixtures: one per wire format. */
export type FixtureProvider = 'openai' | 'openai-responses' | 'azure-openai' | 'anthropic' | 'gemini';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

/** The text of a fixture file: `fixture('openai', 'text.sse')`. */
export function fixture(provider: FixtureProvider, name: string): string {
  return readFileSync(join(FIXTURES, provider, name), 'utf8');
}

/** A JSON fixture, parsed. */
export function jsonFixture(provider: FixtureProvider, name: string): unknown {
  return JSON.parse(fixture(provider, name));
}

/**
 * A provider stand-in on 127.0.0.1 (a free port): answers each request with the next scripted reply, in the
 * provider's wire format, and records what it received. An unscripted request gets a 500 naming the problem.
 */
export class ProviderTestServer {
  readonly requests: RecordedRequest[] = [];
  private readonly replies: ScriptedReply[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(...replies: ScriptedReply[]): Promise<ProviderTestServer> {
    const server = createServer();
    const instance = new ProviderTestServer(server);
    instance.replies.push(...replies);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        instance.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: text ? JSON.parse(text) : undefined,
        });
        void instance.answer(response);
      });
    });
    server.on('connection', (socket: Socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  /** `http://127.0.0.1:<port>` followed by `path`. */
  url(path = ''): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The body of the `n`-th request received (from 0). */
  body(n: number): any {
    return this.requests[n]?.body;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(response: ServerResponse): Promise<void> {
    const reply = this.replies.shift() ?? {
      status: 500,
      json: { error: { message: 'the test server has no scripted reply left', type: 'test_error' } },
      headers: { 'x-should-retry': 'false' },
    };
    const [contentType, body] =
      reply.sse !== undefined
        ? ['text/event-stream', reply.sse]
        : reply.raw !== undefined
          ? ['application/json', reply.raw]
          : ['application/json', JSON.stringify(reply.json ?? {})];
    response.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
    const bytes = Buffer.from(body, 'utf8');
    const size = reply.chunkSize ?? bytes.length;
    for (let offset = 0; offset < bytes.length; offset += size) {
      response.write(bytes.subarray(offset, offset + size));
      if (reply.chunkSize) await new Promise((resolve) => setImmediate(resolve));
    }
    // A moment later, so that the client is reading the body when the connection goes.
    if (reply.destroy) setTimeout(() => response.socket?.destroy(), 20);
    else if (!reply.hang) response.end();
  }
}
