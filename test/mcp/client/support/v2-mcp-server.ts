import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  McpServer,
  acceptedContent,
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  type ServerContext,
} from '@modelcontextprotocol/server';

/** A 2026-07-28 server made with the official SDK v2 (`createMcpHandler`: stateless), on a loopback port. */
export interface V2McpServer {
  readonly url: string;
  /** How many `tools/list` requests it answered. */
  readonly listed: () => number;
  /** Adds a tool to the next lists. */
  addTool(name: string): void;
  close(): Promise<void>;
}

const OBJECT = (properties: Record<string, unknown>) =>
  fromJsonSchema<Record<string, unknown>>({ type: 'object', properties: properties as never });

const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });

export interface V2ServerOptions {
  /** The `ttlMs` of its `tools/list` results. */
  readonly toolsTtlMs?: number;
  /** The `requestedSchema` its `ask` tool sends (a bad one, to see it refused). */
  readonly askSchema?: Record<string, unknown>;
}

export async function startV2McpServer(options: V2ServerOptions = {}): Promise<V2McpServer> {
  let listed = 0;
  const extra: string[] = [];
  const askSchema = options.askSchema ?? {
    type: 'object',
    properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', minimum: 0 } },
    required: ['name'],
  };
  const factory = () => {
    const server = new McpServer(
      { name: 'v2-test-server', version: '1.0.0' },
      {
        capabilities: { tools: { listChanged: true }, logging: {} },
        ...(options.toolsTtlMs !== undefined && {
          cacheHints: { 'tools/list': { ttlMs: options.toolsTtlMs, cacheScope: 'private' as const } },
        }),
      },
    );
    server.registerTool(
      'echo',
      { description: 'Says the text back', inputSchema: OBJECT({ text: { type: 'string' } }) },
      (args) => text({ text: args.text }),
    );
    server.registerTool(
      'count',
      { description: 'Reports progress three times, then answers', inputSchema: OBJECT({}) },
      async (_args, ctx: ServerContext) => {
        const token = ctx.mcpReq._meta?.progressToken;
        for (let step = 1; step <= 3; step++)
          if (token !== undefined)
            await ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: 3, message: `step ${step}` },
            });
        return text({ counted: 3, token: token !== undefined });
      },
    );
    server.registerTool(
      'ask',
      { description: 'Asks the user for a name (multi round trip)', inputSchema: OBJECT({}) },
      (_args, ctx: ServerContext) => {
        const answer = acceptedContent(ctx.mcpReq.inputResponses, 'who');
        if (answer === undefined && ctx.mcpReq.inputResponses?.who === undefined)
          return inputRequired({
            inputRequests: {
              who: inputRequired.elicit({
                message: 'Who are you?',
                requestedSchema: askSchema as never,
              }),
            },
          });
        return text({ answer: answer ?? null });
      },
    );
    for (const name of extra)
      server.registerTool(name, { description: `added ${name}`, inputSchema: OBJECT({}) }, () => text(name));
    return server;
  };
  const handler = createMcpHandler(factory);
  const node = toNodeHandler(handler);
  const http: HttpServer = createServer((request, response) => {
    if (request.method === 'POST') {
      // Counted from the body's method, without consuming it for the handler.
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as {
          method?: string;
        } | null;
        if (body?.method === 'tools/list') listed++;
        void node(request, response, body);
      });
      return;
    }
    void node(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    listed: () => listed,
    addTool: (name) => void extra.push(name),
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
