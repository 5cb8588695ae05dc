import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
  isInitializeRequest,
} from '@modelcontextprotocol/sdk/types.js';

/** A 2025-11-25 server made with the official SDK v1 (sessions, server→client requests), on a loopback port. */
export interface V1McpServer {
  readonly url: string;
  /** What the server's `elicitation/create` requests got back: a result, or the client's error message. */
  readonly elicitations: unknown[];
  /** How many sessions were opened (`initialize` handshakes). */
  readonly sessions: () => number;
  /** Sends `notifications/tools/list_changed` on every open session. */
  notifyToolsChanged(): Promise<void>;
  /** Forgets every session, as a restarted server would: their next request gets a 404. */
  forgetSessions(): void;
  close(): Promise<void>;
}

const OBJECT = { type: 'object' as const, properties: {} };
const TOOLS = ['ask', 'bad-ask', 'url-ask', 'count', 'chatty'].map((name) => ({
  name,
  description: `the ${name} tool`,
  inputSchema: OBJECT,
}));
const ASK_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', default: 'Ada' } },
  required: ['name'],
};
const BAD_SCHEMA = {
  type: 'object',
  properties: { address: { type: 'object', properties: { street: { type: 'string' } } } },
  required: ['address', 'zip'],
};

const text = (value: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return body ? JSON.parse(body) : undefined;
}

export async function startV1McpServer(): Promise<V1McpServer> {
  const elicitations: unknown[] = [];
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers: Server[] = [];
  let sessions = 0;
  const create = () => {
    const server = new Server(
      { name: 'v1-test-server', version: '1.0.0' },
      { capabilities: { tools: {}, logging: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const ask = async (params: Record<string, unknown>) => {
        try {
          const result = await extra.sendRequest(
            { method: 'elicitation/create', params } as never,
            ElicitResultSchema,
          );
          elicitations.push(result);
          return result;
        } catch (error) {
          elicitations.push((error as Error).message);
          return { error: (error as Error).message };
        }
      };
      switch (request.params.name) {
        case 'ask':
          return text(await ask({ mode: 'form', message: 'Who are you?', requestedSchema: ASK_SCHEMA }));
        case 'bad-ask':
          return text(await ask({ mode: 'form', message: 'Where?', requestedSchema: BAD_SCHEMA }));
        case 'url-ask':
          return text(
            await ask({ mode: 'url', message: 'Sign in', url: 'https://example.com/x', elicitationId: 'e1' }),
          );
        case 'count': {
          const token = request.params._meta?.progressToken;
          for (let step = 1; step <= 3; step++)
            if (token !== undefined)
              await extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: step, total: 3, message: `step ${step}` },
              });
          return text({ counted: 3 });
        }
        case 'chatty':
          await extra.sendNotification({
            method: 'notifications/message',
            params: { level: 'warning', logger: 'chatty', data: { note: 'low on paper' } },
          });
          return text('said');
        default:
          return { content: [{ type: 'text', text: 'unknown' }], isError: true };
      }
    });
    servers.push(server);
    return server;
  };
  const http: HttpServer = createServer((request, response) => {
    void (async () => {
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      const sessionId = request.headers['mcp-session-id'] as string | undefined;
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport && !sessionId && isInitializeRequest(body)) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void transports.set(id, created),
        });
        sessions++;
        await create().connect(created);
        transport = created;
      }
      if (!transport) return void response.writeHead(404).end();
      await transport.handleRequest(request, response, body);
    })().catch(() => response.headersSent || response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    elicitations,
    sessions: () => sessions,
    notifyToolsChanged: async () => {
      await Promise.all(servers.map((server) => server.sendToolListChanged().catch(() => undefined)));
    },
    forgetSessions: () => transports.clear(),
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
