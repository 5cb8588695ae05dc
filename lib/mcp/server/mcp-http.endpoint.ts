import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { McpSdk } from '../mcp-sdk.loader';
import { McpRequestCheck } from './mcp-request.check';
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
 * The Streamable HTTP side of the MCP server, called by the endpoint's controller once the app's guards let the
 * request through. Stateless by default (a server and transport per request, answered with JSON); with `sessions`,
 * one per `Mcp-Session-Id`, expiring when idle.
 */
export class McpHttpEndpoint {
  private readonly caller = new AsyncLocalStorage<object>();
  private readonly check: McpRequestCheck;
  private readonly maxBodyBytes: number;
  private readonly sessions?: McpSessionStore;

  constructor(
    private readonly tools: McpToolServer,
    options: McpServerModuleOptions,
  ) {
    this.check = new McpRequestCheck(options.allowedHosts, options.allowedOrigins);
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
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
    const transport = this.sessions
      ? await this.sessionTransport(req, res, body)
      : await this.statelessTransport(req, res);
    if (!transport) return;
    // The handlers run inside handleRequest's async chain: they find this request as the caller.
    await this.caller.run(request, () => transport.handleRequest(req, res, body));
  }

  /** Closes every session (the application is shutting down). */
  async close(): Promise<void> {
    await this.sessions?.closeAll();
  }

  private async statelessTransport(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<StreamableHTTPServerTransport | undefined> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      reply(res, 405, 'this MCP endpoint is stateless: send JSON-RPC messages with POST');
      return undefined;
    }
    const { StreamableHTTPServerTransport } = McpSdk.httpServer(FEATURE);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const server = this.tools.createServer(() => this.caller.getStore());
    await server.connect(transport);
    res.on('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    return transport;
  }

  private async sessionTransport(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<StreamableHTTPServerTransport | undefined> {
    const sessions = this.sessions!;
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const transport = sessions.get(id);
      if (!transport) reply(res, 404, McpMessages.sessionNotFound());
      return transport;
    }
    const { isInitializeRequest } = McpSdk.types(FEATURE);
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      reply(res, 400, McpMessages.sessionRequired());
      return undefined;
    }
    const { StreamableHTTPServerTransport } = McpSdk.httpServer(FEATURE);
    const server = this.tools.createServer(() => this.caller.getStore());
    // SSE responses: in JSON-response mode the SDK's transport (1.32) keeps an entry per request for the life of
    // the session.
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => sessions.add(sessionId, transport, server),
      onsessionclosed: (sessionId) => sessions.forget(sessionId),
    });
    await server.connect(transport);
    return transport;
  }
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
