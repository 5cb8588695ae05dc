'use strict';
// An MCP server made with the official SDK's low-level Server, for the client's tests: run in a child process over
// stdio (stdio-server-main.js) or in-process behind Streamable HTTP (http-mcp-server.ts). Plain CommonJS, so that a
// child can run it with node alone.
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { CallToolRequestSchema, ListToolsRequestSchema } = require('@modelcontextprotocol/sdk/types.js');

const OBJECT = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required });

const BASE_TOOLS = [
  {
    name: 'echo',
    description: 'Says the text back, with the _meta it received',
    inputSchema: OBJECT({ text: { type: 'string' } }),
  },
  { name: 'fail', description: 'Always reports an error', inputSchema: OBJECT({}) },
  { name: 'picture', description: 'A tiny image and a caption', inputSchema: OBJECT({}) },
  { name: 'structured', description: 'Structured content only', inputSchema: OBJECT({}) },
  {
    name: 'attachments',
    description: 'Audio, a resource link and embedded resources (text and bytes)',
    inputSchema: OBJECT({}),
  },
  {
    name: 'reading',
    description: 'Text and structured content, with an outputSchema',
    inputSchema: OBJECT({}),
    outputSchema: OBJECT({ temperature: { type: 'number' } }),
  },
  {
    name: 'wait',
    description: 'Waits until cancelled, then remembers the cancellation',
    inputSchema: OBJECT({ id: { type: 'string' } }),
  },
  { name: 'cancellations', description: 'The ids of the cancelled waits', inputSchema: OBJECT({}) },
  { name: 'pid', description: 'The process id of the server', inputSchema: OBJECT({}) },
  {
    name: 'weather.now',
    description: 'A name with a dot, and a draft-07 schema as McpServer (zod) makes them',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...OBJECT({ city: { type: 'string', minLength: 2 } }),
    },
  },
  {
    name: 'addTool',
    description: 'Adds a tool named as given',
    inputSchema: OBJECT({ name: { type: 'string' } }),
  },
];

/** Shared by every connection of one process: what a test can observe on the server's side. */
const state = { extra: [], cancelled: [], malformed: process.env.MCP_TEST_MALFORMED === '1' };

function createTestMcpServer(name = 'test-server') {
  const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, () => {
    const tools = [...BASE_TOOLS, ...state.extra];
    if (state.malformed) {
      tools.push({ name: 'broken', description: 'no schema' });
      tools.push({ name: 'arrayInput', inputSchema: { type: 'array' } });
      tools.push({ name: 'badSchema', inputSchema: { type: 'object', properties: { a: { type: 'nope' } } } });
    }
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    const text = (value) => ({ content: [{ type: 'text', text: value }] });
    switch (request.params.name) {
      case 'echo':
        return text(JSON.stringify({ text: args.text, meta: request.params._meta ?? null }));
      case 'fail':
        return { content: [{ type: 'text', text: 'the printer is on fire' }], isError: true };
      case 'picture':
        return {
          content: [
            { type: 'text', text: 'a red dot' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
        };
      case 'structured':
        return { content: [], structuredContent: { temperature: 21, unit: 'C' } };
      case 'attachments':
        return {
          content: [
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            {
              type: 'resource_link',
              uri: 'file:///reports/q3.pdf',
              name: 'q3.pdf',
              description: 'The Q3 report',
              mimeType: 'application/pdf',
            },
            { type: 'resource', resource: { uri: 'note://1', mimeType: 'text/plain', text: 'call back' } },
            { type: 'resource', resource: { uri: 'blob://2', blob: 'AAEC' } },
          ],
        };
      case 'reading':
        return {
          content: [{ type: 'text', text: '{"temperature":19}' }],
          structuredContent: { temperature: 19 },
        };
      case 'wait':
        await new Promise((resolve) => {
          if (extra.signal.aborted) return resolve();
          extra.signal.addEventListener('abort', resolve, { once: true });
        });
        state.cancelled.push(args.id);
        return text('cancelled');
      case 'cancellations':
        return text(JSON.stringify(state.cancelled));
      case 'pid':
        return text(String(process.pid));
      case 'weather.now':
        return text(`sunny in ${args.city}`);
      case 'addTool':
        state.extra.push({ name: args.name, description: 'added at run time', inputSchema: OBJECT({}) });
        await server.sendToolListChanged();
        return text('added');
      default: {
        const added = state.extra.find((tool) => tool.name === request.params.name);
        if (added) return text(`${added.name} ran`);
        return { content: [{ type: 'text', text: `no tool ${request.params.name}` }], isError: true };
      }
    }
  });
  return server;
}

module.exports = { createTestMcpServer, state };
