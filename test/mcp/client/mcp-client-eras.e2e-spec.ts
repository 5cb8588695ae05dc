import { Logger } from '@nestjs/common';
import {
  ToolContext,
  ToolResult,
  type ToolCallback,
  type ToolElicitation,
  type ToolLogMessage,
} from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { startV1McpServer, type V1McpServer } from './support/v1-mcp-server';
import { startV2McpServer, type V2McpServer } from './support/v2-mcp-server';

beforeEach(() => {
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function tool(provider: McpToolCallbackProvider, name: string): Promise<ToolCallback> {
  const callbacks = await provider.getToolCallbacks();
  const found = callbacks.find((callback) => callback.getToolDefinition().name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const json = async (result: Promise<string | ToolResult>): Promise<unknown> =>
  JSON.parse(ToolResult.textOf(await result)) as unknown;

/** A context whose questions are answered by `answer` and whose progress and logs are recorded. */
function recordingContext(answer?: (question: ToolElicitation) => Record<string, unknown> | undefined) {
  const progress: unknown[] = [];
  const logs: ToolLogMessage[] = [];
  const questions: ToolElicitation[] = [];
  let context = ToolContext.of({})
    .withProgressSink((update) => void progress.push(update))
    .withLogSink((message) => void logs.push(message));
  if (answer)
    context = context.withElicitor((question) => {
      questions.push(question);
      const content = answer(question);
      return Promise.resolve(content ? { action: 'accept', content } : { action: 'cancel' });
    });
  return { context, progress, logs, questions };
}

describe('MCP client on SDK v2 against a 2026-07-28 server (SDK v2, stateless)', () => {
  let server: V2McpServer;
  let provider: McpToolCallbackProvider;

  beforeAll(async () => {
    server = await startV2McpServer();
    provider = new McpToolCallbackProvider({ servers: { modern: { url: server.url } } });
  });
  afterAll(async () => {
    await provider.close();
    await server.close();
  });

  it('lists and calls its tools', async () => {
    await expect(json((await tool(provider, 'echo')).call('{"text":"hi"}'))).resolves.toEqual({ text: 'hi' });
  });

  it('forwards the server progress to the call context, in order', async () => {
    const { context, progress } = recordingContext();
    await expect(json((await tool(provider, 'count')).call('{}', context))).resolves.toEqual({
      counted: 3,
      token: true,
    });
    expect(progress).toEqual(
      [1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step}` })),
    );
  });

  it('sends no progress token when nobody listens', async () => {
    await expect(json((await tool(provider, 'count')).call('{}', ToolContext.of({})))).resolves.toEqual({
      counted: 3,
      token: false,
    });
  });

  it("answers the server's question (an input_required round) through the call context's elicit()", async () => {
    const { context, questions } = recordingContext((question) => ({
      name: (question.requestedSchema.properties as { name: { default: string } }).name.default,
    }));
    await expect(json((await tool(provider, 'ask')).call('{}', context))).resolves.toEqual({
      answer: { name: 'Ada' },
    });
    expect(questions).toEqual([
      expect.objectContaining({
        message: 'Who are you?',
        requestedSchema: expect.objectContaining({ type: 'object' }),
      }),
    ]);
  });

  it('declines when the call context has nobody to ask', async () => {
    await expect(json((await tool(provider, 'ask')).call('{}', ToolContext.of({})))).resolves.toEqual({
      answer: null,
    });
  });
});

describe('the tool list cache follows ttlMs', () => {
  it('keeps a list for its ttlMs, then asks again and sees a new tool', async () => {
    const server = await startV2McpServer({ toolsTtlMs: 300 });
    const provider = new McpToolCallbackProvider({ servers: { modern: { url: server.url } } });
    try {
      const first = await provider.getToolCallbacks();
      await expect(provider.getToolCallbacks()).resolves.toBe(first);
      expect(server.listed()).toBe(1);
      server.addTool('late');
      await new Promise((resolve) => setTimeout(resolve, 350));
      const names = (await provider.getToolCallbacks()).map((callback) => callback.getToolDefinition().name);
      expect(server.listed()).toBe(2);
      expect(names).toContain('late');
    } finally {
      await provider.close();
      await server.close();
    }
  });

  it('asks every time when the server gives no lifetime (ttlMs 0), keeping the same callbacks for the same list', async () => {
    const server = await startV2McpServer();
    const provider = new McpToolCallbackProvider({ servers: { modern: { url: server.url } } });
    try {
      const first = await provider.getToolCallbacks();
      await expect(provider.getToolCallbacks()).resolves.toBe(first);
      expect(server.listed()).toBe(2);
    } finally {
      await provider.close();
      await server.close();
    }
  });
});

describe('MCP client on SDK v2 against a 2025-11-25 server (SDK v1, sessions)', () => {
  let server: V1McpServer;
  let provider: McpToolCallbackProvider;

  beforeAll(async () => {
    server = await startV1McpServer();
    provider = new McpToolCallbackProvider({ servers: { legacy: { url: server.url } } });
  });
  afterAll(async () => {
    await provider.close();
    await server.close();
  });

  it('keeps the list until it changes (the server gives no ttlMs)', async () => {
    const first = await provider.getToolCallbacks();
    await expect(provider.getToolCallbacks()).resolves.toBe(first);
  });

  it("answers the server's elicitation/create through the call context's elicit()", async () => {
    const { context, questions } = recordingContext(() => ({ name: 'Grace' }));
    await expect(json((await tool(provider, 'ask')).call('{}', context))).resolves.toEqual({
      action: 'accept',
      content: { name: 'Grace' },
    });
    expect(questions).toHaveLength(1);
    expect(questions[0].message).toBe('Who are you?');
  });

  it('passes on cancel, and declines when nobody can answer', async () => {
    const { context } = recordingContext(() => undefined);
    await expect(json((await tool(provider, 'ask')).call('{}', context))).resolves.toEqual({
      action: 'cancel',
    });
    await expect(json((await tool(provider, 'ask')).call('{}', ToolContext.of({})))).resolves.toEqual({
      action: 'decline',
    });
  });

  it('refuses a question whose requestedSchema MCP does not allow, telling the server why', async () => {
    const { context, questions } = recordingContext(() => ({ address: {} }));
    const answer = (await json((await tool(provider, 'bad-ask')).call('{}', context))) as { error: string };
    expect(answer.error).toContain(
      'elicitation/create from MCP server "legacy" is refused: its requestedSchema',
    );
    expect(answer.error).toContain('property "address" is not a string, number, integer, boolean or array');
    expect(answer.error).toContain('requires "zip", which is not among its properties');
    expect(questions).toEqual([]);
  });

  it('refuses a URL-mode question (the client declares form mode only)', async () => {
    const { context, questions } = recordingContext(() => ({}));
    const answer = (await json((await tool(provider, 'url-ask')).call('{}', context))) as { error: string };
    expect(answer.error).toContain(
      'elicitation/create from MCP server "legacy" is refused: mode "url" is not supported by this client (form only)',
    );
    expect(questions).toEqual([]);
  });

  it('forwards progress and log messages to the call context', async () => {
    const { context, progress, logs } = recordingContext();
    await json((await tool(provider, 'count')).call('{}', context));
    expect(progress).toEqual(
      [1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step}` })),
    );
    await json((await tool(provider, 'chatty')).call('{}', context));
    expect(logs).toEqual([{ level: 'warning', logger: 'chatty', data: { note: 'low on paper' } }]);
  });

  it('lists again over a new session when the server forgot its session (a restarted server), with no outage', async () => {
    const before = server.sessions();
    await provider.getToolCallbacks();
    await server.notifyToolsChanged();
    server.forgetSessions();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const names = (await provider.getToolCallbacks()).map((callback) => callback.getToolDefinition().name);
    expect(names).toContain('ask');
    expect(server.sessions()).toBe(before + 1);
  });
});
