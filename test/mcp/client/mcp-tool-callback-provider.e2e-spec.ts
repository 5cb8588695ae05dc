import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import {
  InvalidMcpServersError,
  InvalidToolInputError,
  McpServerUnavailableError,
  McpToolCallError,
  ToolContext,
  ToolResult,
  type McpServerConfig,
  type ToolCallback,
} from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../support/http-mcp-server';

const STDIO_MAIN = join(__dirname, '..', 'support', 'stdio-server-main.js');
const stdio = (env: Record<string, string> = {}): McpServerConfig => ({
  command: process.execPath,
  args: [STDIO_MAIN],
  env,
});

// The provider logs outages and restarts; these tests provoke them on purpose.
let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function toolsOf(provider: McpToolCallbackProvider): Promise<Map<string, ToolCallback>> {
  const callbacks = await provider.getToolCallbacks();
  return new Map(callbacks.map((callback) => [callback.getToolDefinition().name, callback]));
}

function tool(tools: Map<string, ToolCallback>, name: string): ToolCallback {
  const callback = tools.get(name);
  if (!callback) throw new Error(`no tool ${name} among ${[...tools.keys()].join(', ')}`);
  return callback;
}

describe('McpToolCallbackProvider against an SDK server in a child process (stdio)', () => {
  let provider: McpToolCallbackProvider;

  beforeAll(() => {
    provider = new McpToolCallbackProvider({
      servers: { kb: stdio() },
      forwardContext: ['tenantId'],
      retryDelayMs: 10,
    });
  });

  afterAll(() => provider.close());

  it('lists the tools on first use, maps names models refuse, calls them by their own name', async () => {
    const tools = await toolsOf(provider);
    expect([...tools.keys()]).toEqual(
      expect.arrayContaining(['echo', 'fail', 'picture', 'structured', 'wait', 'weather_now']),
    );
    expect(tool(tools, 'echo').getToolDefinition()).toEqual({
      name: 'echo',
      description: 'Says the text back, with the _meta it received',
      inputSchema: expect.objectContaining({ type: 'object', required: ['text'] }),
    });
    await expect(tool(tools, 'weather_now').call('{"city":"Paris"}')).resolves.toBe('sunny in Paris');
  });

  it('caches the list: the same callbacks on the next call', async () => {
    const first = await provider.getToolCallbacks();
    await expect(provider.getToolCallbacks()).resolves.toBe(first);
  });

  it('sends only the forwardable context values, in _meta', async () => {
    const tools = await toolsOf(provider);
    const context = ToolContext.of({ tenantId: 'acme', apiKey: 'secret-key' });
    const result = JSON.parse(ToolResult.textOf(await tool(tools, 'echo').call('{"text":"hi"}', context)));
    expect(result).toEqual({ text: 'hi', meta: { tenantId: 'acme' } });
  });

  it('checks the arguments against the tool schema before sending them', async () => {
    const tools = await toolsOf(provider);
    const error = await tool(tools, 'echo')
      .call('{"text":3}')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidToolInputError);
    expect((error as Error).message).toContain('text');
  });

  it('turns isError into an McpToolCallError with the server text', async () => {
    const tools = await toolsOf(provider);
    const error = await tool(tools, 'fail')
      .call('{}')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpToolCallError);
    expect((error as Error).message).toBe('the printer is on fire');
  });

  it("keeps a server's image as an image part of a ToolResult, beside its text", async () => {
    const result: unknown = await tool(await toolsOf(provider), 'picture').call('{}');
    expect(ToolResult.is(result)).toBe(true);
    expect((result as ToolResult).parts).toEqual([
      { type: 'text', text: 'a red dot' },
      { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
    ]);
    expect((result as ToolResult).structuredContent).toBeUndefined();
  });

  it('keeps audio, resource links and embedded resources (text and bytes) as parts', async () => {
    const result: unknown = await tool(await toolsOf(provider), 'attachments').call('{}');
    expect((result as ToolResult).parts).toEqual([
      { type: 'audio', mediaType: 'audio/wav', data: 'UklGRg==' },
      {
        type: 'resource-link',
        uri: 'file:///reports/q3.pdf',
        name: 'q3.pdf',
        description: 'The Q3 report',
        mediaType: 'application/pdf',
      },
      { type: 'resource', uri: 'note://1', mediaType: 'text/plain', text: 'call back' },
      { type: 'resource', uri: 'blob://2', data: 'AAEC' },
    ]);
  });

  it('keeps structured content and the outputSchema: beside the text, or as the text of its JSON when the server sent no block', async () => {
    const tools = await toolsOf(provider);
    expect(tool(tools, 'reading').getToolDefinition().outputSchema).toEqual({
      type: 'object',
      properties: { temperature: { type: 'number' } },
      required: ['temperature'],
    });
    expect(tool(tools, 'structured').getToolDefinition().outputSchema).toBeUndefined();
    const reading: unknown = await tool(tools, 'reading').call('{}');
    expect((reading as ToolResult).parts).toEqual([{ type: 'text', text: '{"temperature":19}' }]);
    expect((reading as ToolResult).structuredContent).toEqual({ temperature: 19 });
    const structured: unknown = await tool(tools, 'structured').call('{}');
    expect((structured as ToolResult).parts).toEqual([
      { type: 'text', text: '{"temperature":21,"unit":"C"}' },
    ]);
    expect((structured as ToolResult).structuredContent).toEqual({ temperature: 21, unit: 'C' });
  });

  it('sends a cancellation the server sees when the call is aborted', async () => {
    const tools = await toolsOf(provider);
    const controller = new AbortController();
    const pending = tool(tools, 'wait').call('{"id":"w1"}', ToolContext.of({}, controller.signal));
    setTimeout(() => controller.abort(new Error('user left')), 50);
    await expect(pending).rejects.toThrow('user left');
    await waitFor(async () =>
      JSON.parse(ToolResult.textOf(await tool(tools, 'cancellations').call('{}'))).includes('w1'),
    );
  });

  it('runs 20 concurrent calls over one connection, each result matched to its call', async () => {
    const tools = await toolsOf(provider);
    const echo = tool(tools, 'echo');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => echo.call(JSON.stringify({ text: `call-${i}` }))),
    );
    results.forEach((result, i) => expect(JSON.parse(ToolResult.textOf(result)).text).toBe(`call-${i}`));
  });

  it('starts a killed server again on next use; the call during the outage is an unavailable error', async () => {
    const tools = await toolsOf(provider);
    const pid = Number(await tool(tools, 'pid').call('{}'));
    const pending = tool(tools, 'wait').call('{"id":"killed"}');
    process.kill(pid, 'SIGKILL');
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpServerUnavailableError);
    expect((error as Error).message).toMatch(
      /^MCP server "kb" is unavailable, so the tool wait cannot run now/,
    );
    const again = await toolsOf(provider);
    const newPid = Number(await tool(again, 'pid').call('{}'));
    expect(newPid).not.toBe(pid);
  });
});

describe('McpToolCallbackProvider against an SDK server over Streamable HTTP (loopback)', () => {
  let server: LoopbackMcpServer;
  let provider: McpToolCallbackProvider;

  beforeEach(async () => {
    server = await startLoopbackMcpServer();
  });

  afterEach(async () => {
    await provider?.close();
    await server.close();
  });

  it('contacts nobody until asked, then sends the configured headers', async () => {
    provider = new McpToolCallbackProvider({
      servers: { remote: { url: server.url, headers: { authorization: 'Bearer t0k3n' } } },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.authorizations).toEqual([]);
    const tools = await toolsOf(provider);
    await expect(tool(tools, 'weather_now').call('{"city":"Rome"}')).resolves.toBe('sunny in Rome');
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(new Set(server.authorizations)).toEqual(new Set(['Bearer t0k3n']));
  });

  it('refreshes the list on notifications/tools/list_changed', async () => {
    provider = new McpToolCallbackProvider({ servers: { remote: { url: server.url } } });
    let changes = 0;
    provider.onToolsChanged(() => changes++);
    const before = await toolsOf(provider);
    expect(before.has('lateTool')).toBe(false);
    await tool(before, 'addTool').call('{"name":"lateTool"}');
    await waitFor(() => changes > 0);
    const after = await toolsOf(provider);
    await expect(tool(after, 'lateTool').call('{}')).resolves.toBe('lateTool ran');
  });

  it('prefixes clashing names with the server name: with reserved names and between servers', async () => {
    provider = new McpToolCallbackProvider({
      servers: { one: { url: server.url }, two: { url: server.url } },
      reservedNames: () => ['echo'],
    });
    const names = [...(await toolsOf(provider)).keys()];
    expect(names).toEqual(expect.arrayContaining(['one_echo', 'two_echo', 'one_fail', 'two_fail']));
    expect(names).not.toContain('echo');
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives an unavailable error for a server that is down and keeps the others working', async () => {
    provider = new McpToolCallbackProvider({
      servers: { down: { url: 'http://127.0.0.1:9/mcp' }, up: { url: server.url } },
      retryDelayMs: 10,
    });
    const tools = await toolsOf(provider);
    expect(tools.has('echo')).toBe(true);
    await expect(tool(tools, 'echo').call('{"text":"still here"}')).resolves.toContain('still here');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^MCP server "down" is unavailable: /));
  });
});

describe('McpToolCallbackProvider with a malformed tool list', () => {
  it('leaves out each malformed tool with a warning and keeps the rest', async () => {
    const provider = new McpToolCallbackProvider({ servers: { kb: stdio({ MCP_TEST_MALFORMED: '1' }) } });
    try {
      const tools = await toolsOf(provider);
      expect(tools.has('echo')).toBe(true);
      expect(tools.has('broken')).toBe(false);
      expect(tools.has('arrayInput')).toBe(false);
      expect(tools.has('badSchema')).toBe(false);
      const messages = warn.mock.calls.map((call) => String(call[0]));
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /MCP server "kb": tool #\d+ of its list is left out: its inputSchema is not an object/,
          ),
          expect.stringMatching(/its inputSchema is not of type "object"/),
          expect.stringMatching(/its inputSchema is not a valid JSON Schema/),
        ]),
      );
    } finally {
      await provider.close();
    }
  });
});

describe('McpToolCallbackProvider settings', () => {
  it('refuses bad servers naming the server and field, never a header value', () => {
    const make = () =>
      new McpToolCallbackProvider({
        servers: {
          a: { url: 'ftp://x', headers: { authorization: 42 as unknown as string } },
          b: { command: '' },
        },
      });
    expect(make).toThrow(InvalidMcpServersError);
    expect(make).toThrow(/server "a": "url" must be an http\(s\) URL/);
    expect(make).toThrow(/server "a": "headers" must be an object of strings/);
    expect(make).toThrow(/server "b": "command" must be a non-empty string/);
  });

  it('with no server is static and empty', () => {
    const provider = new McpToolCallbackProvider();
    expect(provider.isStatic).toBe(true);
    expect(provider.getToolCallbacks()).toEqual([]);
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
