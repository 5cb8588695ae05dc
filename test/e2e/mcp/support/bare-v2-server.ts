import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer, type EventStore } from '@modelcontextprotocol/server';
import type { McpSessionEventStore } from '../../../../lib/mcp';

/** A server of the official SDK v2 alone (no Nest), for checking the test harness and the event stores. */
export interface BareV2Server {
  readonly url: string;
  /** The requests it answered, by method (`POST`, `GET`, `DELETE`), with their `Last-Event-ID` when sent. */
  readonly requests: readonly { readonly method: string; readonly lastEventId?: string }[];
  close(): Promise<void>;
}

/** The tools both kinds of bare server serve: `whoami` names the replica; `steps` reports progress, dropping its stream midway. */
export function registerBareTools(server: McpServer, replica: string): void {
  server.registerTool('whoami', { description: 'Names the replica that answers.' }, () => ({
    content: [{ type: 'text', text: replica }],
  }));
  server.registerTool(
    'steps',
    { description: 'Reports three steps; drops its SSE stream after the first when it can.' },
    async (ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      const step = (progress: number): Promise<void> =>
        token === undefined
          ? Promise.resolve()
          : ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: token, progress, total: 3 },
            });
      await step(1);
      ctx.http?.closeSSE?.();
      // Stored while no stream is open: the client gets them only by resuming.
      await step(2);
      await step(3);
      return { content: [{ type: 'text', text: `done on ${replica}` }] };
    },
  );
}

/** A 2025-era server with sessions (one transport per session), resumable through `eventStore`. */
export async function startSessionV2Server(
  replica: string,
  eventStore: McpSessionEventStore,
): Promise<BareV2Server> {
  const transports = new Map<string, NodeStreamableHTTPServerTransport>();
  const requests: { method: string; lastEventId?: string }[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const lastEventId = header(req, 'last-event-id');
      requests.push({ method: req.method ?? 'GET', ...(lastEventId !== undefined && { lastEventId }) });
      const sessionId = header(req, 'mcp-session-id');
      let transport = sessionId === undefined ? undefined : transports.get(sessionId);
      if (transport === undefined && sessionId === undefined && req.method === 'POST') {
        const id = randomUUID();
        const store: EventStore = eventStore.forSession(id);
        transport = new NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => id,
          eventStore: store,
          retryInterval: 50,
          onsessioninitialized: (initialized) => void transports.set(initialized, transport!),
        });
        const mcp = new McpServer({ name: `bare-${replica}`, version: '1.0.0' });
        registerBareTools(mcp, replica);
        await mcp.connect(transport);
      }
      if (transport === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32001, message: 'Session not found' },
            id: null,
          }),
        );
        return;
      }
      await transport.handleRequest(req, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  return listen(server, requests, async () => {
    for (const transport of transports.values()) await transport.close();
  });
}

/** A stateless server (2026-07-28 requests, and 2025 requests served statelessly), one `McpServer` per request. */
export async function startStatelessV2Server(replica: string): Promise<BareV2Server> {
  const handler = createMcpHandler(
    () => {
      const mcp = new McpServer({ name: `bare-${replica}`, version: '1.0.0' });
      registerBareTools(mcp, replica);
      return mcp;
    },
    { legacy: 'stateless' },
  );
  const node = toNodeHandler(handler);
  const requests: { method: string }[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET' });
    void node(req, res);
  });
  return listen(server, requests, () => handler.close());
}

async function listen(
  server: Server,
  requests: BareV2Server['requests'],
  closeTransports: () => Promise<void>,
): Promise<BareV2Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      await closeTransports();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
