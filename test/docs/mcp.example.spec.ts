import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CHAT_MODEL } from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../mcp/support/http-mcp-server';

type Example = typeof import('../../docs/examples/mcp.example');

describe('docs/mcp.md examples', () => {
  let http: LoopbackMcpServer;
  let example: Example;

  beforeAll(async () => {
    http = await startLoopbackMcpServer();
    // The example reads these when its modules are declared.
    process.env.KB_SERVER = join(__dirname, '..', 'mcp', 'support', 'stdio-server-main.js');
    process.env.TICKETS_MCP_URL = http.url;
    process.env.TICKETS_MCP_TOKEN = 't0k3n';
    example = require('../../docs/examples/mcp.example') as Example;
  });

  afterAll(async () => {
    await http.close();
    delete process.env.KB_SERVER;
    delete process.env.TICKETS_MCP_URL;
    delete process.env.TICKETS_MCP_TOKEN;
  });

  it('AssistantModule and ResearchService: tools of a stdio and an HTTP server, the tenant in _meta', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: '1', name: 'kb_echo', arguments: { text: 'from kb' } }] },
      'done',
    ]);
    const moduleRef = await Test.createTestingModule({
      imports: [example.AssistantModule],
      providers: [example.ResearchService],
    })
      .overrideProvider(CHAT_MODEL)
      .useValue(model)
      .compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      await expect(app.get(example.ResearchService).ask('echo', 'acme')).resolves.toBe('done');
      const offered = model.requests[0].tools.map((tool) => tool.name);
      expect(offered).toEqual(
        expect.arrayContaining(['kb_echo', 'tickets_echo', 'kb_weather_now', 'tickets_weather_now']),
      );
      const toolMessage = model.requests[1].messages.find((message) => message.role === 'tool');
      expect(JSON.stringify(toolMessage)).toContain(
        '{\\"text\\":\\"from kb\\",\\"meta\\":{\\"tenantId\\":\\"acme\\"}}',
      );
      expect(new Set(http.authorizations)).toEqual(new Set(['Bearer t0k3n']));
      expect(app.get(McpToolCallbackProvider).serverNames).toEqual(['kb', 'tickets']);
    } finally {
      await app.close();
    }
  });

  it('DeskModule: serves the tools at /mcp behind the guard, with the tenant of the user', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [example.DeskModule] }).compile();
    const app: INestApplication = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const url = new URL(`${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/mcp`);
    try {
      const anonymous = new Client({ name: 'anonymous', version: '1' });
      await expect(anonymous.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(/401/);
      const client = new Client({ name: 'docs', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: 'Bearer demo-token' } },
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        'closeTicket',
        'listTickets',
      ]);
      await expect(client.callTool({ name: 'listTickets', arguments: {} })).resolves.toEqual({
        content: [{ type: 'text', text: 'open tickets of acme: #1, #2' }],
      });
      await client.close();
    } finally {
      await app.close();
    }
  });
});
