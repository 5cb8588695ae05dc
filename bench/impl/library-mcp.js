'use strict';
const { randomUUID } = require('node:crypto');
const http = require('node:http');
const { loadLibrary } = require('./support/library');
const { createBenchChatModel, toolCallingLimits } = require('./support/library-model');

/**
 * library-provider's tools behind MCP: the workload's tools served by the official SDK's Server over Streamable HTTP
 * on loopback (one session), reached through the library's McpToolCallbackProvider. Server and client run in the
 * same process, so the gap to library-function is the protocol's whole CPU cost: JSON-RPC framing, HTTP on loopback,
 * the SDK's schema checks on both sides.
 */
module.exports = {
  label: 'library: McpToolCallbackProvider (Streamable HTTP, loopback)',
  validatesArguments: true,
  async setup(workload) {
    const { ChatClient } = loadLibrary('', ['ChatClient']);
    const { McpToolCallbackProvider } = loadLibrary('mcp', ['McpToolCallbackProvider']);
    let sdk;
    try {
      sdk = {
        Server: require('@modelcontextprotocol/sdk/server/index.js').Server,
        Transport: require('@modelcontextprotocol/sdk/server/streamableHttp.js')
          .StreamableHTTPServerTransport,
        types: require('@modelcontextprotocol/sdk/types.js'),
      };
    } catch (error) {
      throw new Error(`not available: @modelcontextprotocol/sdk (${error.code ?? error.message})`, {
        cause: error,
      });
    }
    const server = await startMcpServer(sdk, workload);
    const provider = new McpToolCallbackProvider({ servers: { bench: { url: server.url } } });
    const chat = ChatClient.create(
      createBenchChatModel(workload),
      { toolCallbacks: [provider] },
      { toolCallingManager: { limits: toolCallingLimits(workload) } },
    );
    const { userMessage } = workload;
    return {
      runConversation: () => chat.prompt(userMessage).call().content(),
      async teardown() {
        await provider.close();
        await server.close();
      },
    };
  },
};

async function startMcpServer({ Server, Transport, types }, workload) {
  const tools = workload.tools.map(({ name, description, jsonSchema }) => ({
    name,
    description,
    inputSchema: jsonSchema,
  }));
  const byName = new Map(workload.tools.map((tool) => [tool.name, tool]));
  const transports = new Map();
  const createServer = () => {
    const mcp = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools }));
    mcp.setRequestHandler(types.CallToolRequestSchema, async (request) => {
      const result = await byName.get(request.params.name).fn(request.params.arguments ?? {});
      const text = typeof result === 'string' ? result : JSON.stringify(result);
      return { content: [{ type: 'text', text }] };
    });
    return mcp;
  };
  const handle = async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const id = req.headers['mcp-session-id'];
    let transport = id ? transports.get(id) : undefined;
    if (!transport && types.isInitializeRequest(body)) {
      transport = new Transport({
        // SSE responses: the SDK's JSON-response mode keeps an entry per request for the life of a session.
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => transports.set(sessionId, transport),
      });
      await createServer().connect(transport);
    }
    if (!transport) return void res.writeHead(404).end();
    await transport.handleRequest(req, res, body);
  };
  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${httpServer.address().port}/mcp`,
    async close() {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}
