import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { ChatClient } from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { ANTHROPIC_TEST_KEY } from '../../models/support/chat-test.helpers';
import { jsonFixture, ProviderTestServer } from '../../models/support/provider-test.server';

/** A 1×1 red PNG: what the browser tool "sees". */
const SCREENSHOT =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

/** A browser MCP server made with the official SDK's `McpServer`: its `screenshot` tool returns a caption and a PNG. */
function browserServer(): McpServer {
  const server = new McpServer({ name: 'browser', version: '1.0.0' });
  server.registerTool(
    'screenshot',
    { description: 'A screenshot of a page of the app', inputSchema: { page: z.string() } },
    ({ page }) => ({
      content: [
        { type: 'text', text: `the ${page} page` },
        { type: 'image', data: SCREENSHOT, mimeType: 'image/png' },
      ],
    }),
  );
  return server;
}

/** The server behind the SDK's Streamable HTTP transport, stateless, on a loopback port. */
async function listen(): Promise<{ url: string; close: () => Promise<void> }> {
  const http: HttpServer = createServer((request, response) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = browserServer();
    response.on('close', () => void transport.close().then(() => server.close()));
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => response.headersSent || response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Anthropic's answer asking for the screenshot tool. */
const TOOL_USE = {
  id: 'msg_01Screenshot',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [
    {
      type: 'tool_use',
      id: 'toolu_01Screenshot',
      name: 'screenshot',
      input: { page: 'dashboard' },
      caller: { type: 'direct' },
    },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 300, output_tokens: 40 },
};

describe("an MCP server's image, through the MCP client and the loop, to Anthropic as an image block", () => {
  let browser: { url: string; close: () => Promise<void> };
  let anthropic: ProviderTestServer;
  let provider: McpToolCallbackProvider;

  beforeEach(async () => {
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    browser = await listen();
    anthropic = await ProviderTestServer.start(
      { json: TOOL_USE },
      { json: jsonFixture('anthropic', 'weather-answer.json') },
    );
    provider = new McpToolCallbackProvider({ servers: { browser: { url: browser.url } } });
  });

  afterEach(async () => {
    await provider.close();
    await anthropic.close();
    await browser.close();
    jest.restoreAllMocks();
  });

  it("sends the screenshot in the tool_result of the model's next request, never as base64 text", async () => {
    const model = new AnthropicChatModel({
      model: 'claude-sonnet-5-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: anthropic.url(),
      maxRetries: 0,
    });
    const chat = ChatClient.create(model, { toolCallbacks: [provider] });

    await chat.prompt('What does the dashboard look like?').call().content();

    expect(anthropic.requests).toHaveLength(2);
    expect(anthropic.body(0).tools.map((tool: { name: string }) => tool.name)).toEqual(['screenshot']);
    const messages = anthropic.body(1).messages as { role: string; content: any[] }[];
    const toolResult = messages.at(-1)!.content.find((block) => block.type === 'tool_result');
    expect(toolResult).toEqual(
      expect.objectContaining({
        tool_use_id: 'toolu_01Screenshot',
        content: [
          { type: 'text', text: 'the dashboard page' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: SCREENSHOT } },
        ],
      }),
    );
    expect(toolResult.is_error ?? false).toBe(false);
    // The model sees the picture, not 100 characters of base64 in a text block.
    const texts = messages.flatMap((message) =>
      message.content.filter((block) => block.type === 'text').map((block) => block.text as string),
    );
    expect(texts.some((text) => text.includes(SCREENSHOT))).toBe(false);
  });
});
