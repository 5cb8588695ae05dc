'use strict';
const http = require('node:http');
const path = require('node:path');
const {
  McpServer,
  Server,
  classifyInboundRequest,
  createMcpHandler,
} = require('@modelcontextprotocol/server');
const {
  NodeStreamableHTTPServerTransport,
  localhostHostValidation,
  toNodeHandler,
} = require('@modelcontextprotocol/node');
const { zodShape } = require('../tools');

const { z } = require(
  require.resolve('zod', { paths: [path.dirname(require.resolve('@modelcontextprotocol/server'))] }),
);
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The official SDK's server alone (v2, `@modelcontextprotocol/server` + `/node`) on `node:http`, as its docs set up
 * a stateless endpoint: an `McpServer` from one factory per request (an SDK server binds one transport, and a
 * stateless transport serves one request), the tools' zod schemas built once per process. 2025-era requests go to a
 * `NodeStreamableHTTPServerTransport` without sessions answering with JSON; 2026-07-28 requests (the `_meta`
 * envelope) to `createMcpHandler(factory, { legacy: 'reject', responseMode: 'json' })` through `toNodeHandler`,
 * routed with the SDK's own `classifyInboundRequest`, as MCP-Nest routes them. The `Host` check of the node package
 * in front, as the other two servers check it.
 *
 * `lean`: the SDK's low-level `Server` instead (what this library builds on), its two handlers and the tool list
 * made once per process, arguments checked with the prebuilt zod schema: the protocol's own cost per request, with
 * nothing registered per request (an `McpServer` registers every tool again for each one).
 */
async function startSdkServer(tools, { lean = false } = {}) {
  const inputSchema = z.object(zodShape(z));
  const factory = lean
    ? leanFactory(tools, inputSchema)
    : () => {
        const server = new McpServer({ name: 'bench-sdk', version: '1.0.0' });
        for (const tool of tools) {
          server.registerTool(tool.name, { description: tool.description, inputSchema }, (args) => ({
            content: [{ type: 'text', text: tool.fn(args) }],
          }));
        }
        return server;
      };
  const modern = toNodeHandler(createMcpHandler(factory, { legacy: 'reject', responseMode: 'json' }));
  const validateHost = localhostHostValidation();

  const serveLegacy = async (req, res, body) => {
    const server = factory();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await transport.handleRequest(req, res, body);
  };

  const httpServer = http.createServer((req, res) => {
    if (!validateHost(req, res)) return;
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    readJson(req)
      .then((body) => {
        const header = (name) => (typeof req.headers[name] === 'string' ? req.headers[name] : undefined);
        const route = classifyInboundRequest({
          httpMethod: req.method,
          protocolVersionHeader: header('mcp-protocol-version'),
          mcpMethodHeader: header('mcp-method'),
          mcpNameHeader: header('mcp-name'),
          body,
        });
        return route.kind === 'legacy' ? serveLegacy(req, res, body) : modern(req, res, body);
      })
      .catch((error) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(error?.message ?? error));
      });
  });
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    port: httpServer.address().port,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}

function leanFactory(tools, inputSchema) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed = {
    tools: tools.map(({ name, description, jsonSchema }) => ({ name, description, inputSchema: jsonSchema })),
  };
  const failure = (text) => ({ content: [{ type: 'text', text }], isError: true });
  const list = () => listed;
  const call = (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) return failure(`Unknown tool ${request.params.name}`);
    const parsed = inputSchema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) return failure(`Invalid arguments: ${parsed.error.message}`);
    return { content: [{ type: 'text', text: tool.fn(parsed.data) }] };
  };
  return () => {
    const server = new Server({ name: 'bench-sdk-lean', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', list);
    server.setRequestHandler('tools/call', call);
    return server;
  };
}

async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

module.exports = { startSdkServer };
