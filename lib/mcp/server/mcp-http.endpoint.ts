import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { NodeMcpRequestHandler, NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { McpSdk } from '../mcp-sdk.loader';
import { McpRequestCheck } from './mcp-request.check';
import type { McpEventStore, McpSessionEventStore } from './event-store/mcp-event-store';
import { sessionEventStore } from './mcp-event-store.provider';
import type { McpServerModuleOptions } from './mcp-server-options';
import { McpSessionStore } from './mcp-session.store';
import type { McpToolServer } from './mcp-tool-server';

const FEATURE = 'Serving tools over MCP';
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 10_000;

/** What Express and Fastify hand a controller: the Node request (Fastify's under `raw`), maybe a parsed body. */
type NestRequest = IncomingMessage & { body?: unknown; raw?: IncomingMessage };
type NestResponse = ServerResponse & { raw?: ServerResponse };

/**
 * The Streamable HTTP side of the MCP server (SDK v2), called by the endpoint's controller once the app's guards
 * let the request through. One endpoint serves both eras, as the SDK's `createMcpHandler` routes them: 2026-07-28
 * requests (the envelope in `_meta`, no handshake) each by a server made for the exchange, so any replica answers;
 * 2025-era requests (`initialize`, then `Mcp-Session-Id`) statelessly by default, or with `sessions` one server per
 * session whose SSE streams resume from the `eventStore`.
 */
export class McpHttpEndpoint {
  private readonly caller = new AsyncLocalStorage<object>();
  private readonly check: McpRequestCheck;
  private readonly maxBodyBytes: number;
  private readonly sessions?: McpSessionStore;
  private readonly eventStore?: McpEventStore | McpSessionEventStore;
  private handler?: { readonly mcp: McpHttpHandler; readonly node: NodeMcpRequestHandler };
  private unsubscribe?: () => void;

  constructor(
    private readonly tools: McpToolServer,
    options: McpServerModuleOptions,
    eventStore?: McpEventStore | McpSessionEventStore,
  ) {
    this.check = new McpRequestCheck(options.allowedHosts, options.allowedOrigins);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.eventStore = eventStore;
    if (options.sessions) {
      const settings = typeof options.sessions === 'object' ? options.sessions : {};
      this.sessions = new McpSessionStore(
        settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
        settings.maxSessions ?? DEFAULT_MAX_SESSIONS,
      );
    }
  }

  async handle(request: NestRequest, response: NestResponse): Promise<void> {
    const req = request.raw ?? request;
    const res = response.raw ?? response;
    const rejection = this.check.reject(req.headers);
    if (rejection) return reply(res, rejection.status, rejection.message);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBodyBytes)
      return reply(res, 413, McpMessages.bodyTooLarge(this.maxBodyBytes));
    let body: unknown = request.body;
    if (req.method === 'POST' && body === undefined) {
      const read = await readBody(req, this.maxBodyBytes);
      if (read === TOO_LARGE) return reply(res, 413, McpMessages.bodyTooLarge(this.maxBodyBytes));
      body = read;
    } else if (req.method === 'POST' && !Number.isFinite(declared) && jsonLength(body) > this.maxBodyBytes) {
      return reply(res, 413, McpMessages.bodyTooLarge(this.maxBodyBytes));
    }
    // The handlers run inside this async chain: they find this request as the caller.
    await this.caller.run(request, async () => {
      if (this.sessions && isLegacySessionRequest(req, body)) return this.serveSession(req, res, body);
      return this.modern().node(req, res, body);
    });
  }

  /** Closes every session and in-flight exchange (the application is shutting down). */
  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.sessions?.closeAll();
    await this.handler?.mcp.close();
  }

  /** The SDK's handler of both eras, made on first use: the SDK is loaded only when the endpoint is called. */
  private modern(): { readonly mcp: McpHttpHandler; readonly node: NodeMcpRequestHandler } {
    if (this.handler) return this.handler;
    const { createMcpHandler } = McpSdk.server(FEATURE);
    const { toNodeHandler } = McpSdk.nodeServer(FEATURE);
    const mcp = createMcpHandler(() => this.tools.createServer(() => this.caller.getStore()), {
      // With sessions, a 2025-era request never gets here but one that is neither initialize nor in a session.
      legacy: 'stateless',
      maxRequestBodySize: this.maxBodyBytes,
    });
    this.unsubscribe = this.tools.onToolListChanged(() => mcp.notify.toolsChanged());
    this.handler = { mcp, node: toNodeHandler(mcp, { maxRequestBodySize: this.maxBodyBytes }) };
    return this.handler;
  }

  private async serveSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const sessions = this.sessions!;
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const transport = sessions.get(id);
      if (!transport) return reply(res, 404, McpMessages.sessionNotFound());
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST') return reply(res, 400, McpMessages.sessionRequired());
    const { NodeStreamableHTTPServerTransport } = McpSdk.nodeServer(FEATURE);
    const server = this.tools.createServer(() => this.caller.getStore());
    const sessionId = randomUUID();
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => sessionId,
      onsessioninitialized: (sessionId) => sessions.add(sessionId, transport, server),
      onsessionclosed: (sessionId) => sessions.forget(sessionId),
      ...(this.eventStore !== undefined && { eventStore: sessionEventStore(this.eventStore, sessionId) }),
    });
    await server.connect(transport);
    this.tools.track(server);
    return transport.handleRequest(req, res, body);
  }
}

/**
 * A request of a 2025-era session: one that names a session, an `initialize`, or a GET/DELETE (session stream,
 * session end). Everything else (2026-07-28 requests, which carry their envelope) goes to the SDK's handler.
 */
function isLegacySessionRequest(req: IncomingMessage, body: unknown): boolean {
  if (typeof req.headers['mcp-session-id'] === 'string') return true;
  if (req.method === 'GET' || req.method === 'DELETE') return true;
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { method?: unknown }).method === 'initialize'
  );
}

function reply(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function jsonLength(body: unknown): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  try {
    return Buffer.byteLength(JSON.stringify(body) ?? '');
  } catch {
    return Infinity;
  }
}

const TOO_LARGE = Symbol('too large');

/** Reads a body the app did not parse, up to the limit; `undefined` for an empty one. */
async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return TOO_LARGE;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
