import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const { createTestMcpServer } = require('./test-mcp-server') as {
  createTestMcpServer: (name?: string) => Server;
};

export interface LoopbackMcpServer {
  readonly url: string;
  /** Authorization headers seen, in order. */
  readonly authorizations: (string | undefined)[];
  /** Every server made (one per session), to send notifications from. */
  readonly servers: Server[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** The test MCP server behind the SDK's Streamable HTTP transport on a loopback port, with sessions. */
export async function startLoopbackMcpServer(): Promise<LoopbackMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const authorizations: (string | undefined)[] = [];
  const servers: Server[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    authorizations.push(request.headers.authorization);
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    const sessionId = request.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? transports.get(sessionId) : undefined;
    if (!transport && !sessionId && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
      });
      created.onclose = () => created.sessionId && transports.delete(created.sessionId);
      const server = createTestMcpServer('http-test-server');
      servers.push(server);
      await server.connect(created);
      transport = created;
    }
    if (!transport) {
      response.writeHead(404).end();
      return;
    }
    await transport.handleRequest(request, response, body);
  };
  const http: HttpServer = createServer((request, response) => {
    handle(request, response).catch(() => response.headersSent || response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    servers,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
