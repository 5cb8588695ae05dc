import { join } from 'node:path';
import { Injectable, Logger, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import {
  ChatClient,
  Tool,
  ToolCallingModule,
  ToolParam,
  type ToolCallingModuleOptions,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { startApp } from '../module/fixtures/start-app';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../../mcp/support/http-mcp-server';
import { startV2McpServer } from '../../mcp/client/support/v2-mcp-server';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';

const STDIO_MAIN = join(__dirname, '..', '..', 'mcp', 'support', 'stdio-server-main.js');

@Injectable()
class LocalTools {
  @Tool({ description: 'The local echo' })
  echo(@ToolParam({ description: 'text' }) text: string): string {
    return `local ${text}`;
  }
}

@Module({})
class McpClientAppModule {
  static register(options: ToolCallingModuleOptions): DynamicModule {
    return {
      module: McpClientAppModule,
      imports: [ToolCallingModule.forRoot(options)],
      providers: [LocalTools],
    };
  }
}

describe('MCP servers in the module options', () => {
  let http: LoopbackMcpServer;
  let app: INestApplication | undefined;

  beforeEach(async () => {
    http = await startLoopbackMcpServer();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await http.close();
    jest.restoreAllMocks();
  });

  it('contacts no server at bootstrap; offers their tools with the app tools, a clashing one prefixed', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { id: 'a', name: 'weather_now', arguments: { city: 'Oslo' } },
          { id: 'b', name: 'kb_echo', arguments: { text: 'remote' } },
          { id: 'c', name: 'echo', arguments: { text: 'here' } },
        ],
      },
      'done',
    ]);
    app = await startApp(
      McpClientAppModule.register({
        chatModel: model,
        mcp: { servers: { kb: { url: http.url, headers: { authorization: 'Bearer k' } } } },
      }),
    );
    expect(http.authorizations).toEqual([]);
    const response = await app.get(ChatClient).prompt().user('go').call().chatResponse();
    const offered = model.requests[0].tools.map((tool) => tool.name);
    expect(offered).toEqual(expect.arrayContaining(['echo', 'kb_echo', 'weather_now', 'fail']));
    expect(offered).not.toContain('kb_fail');
    expect(response.toolExecutions.map((execution) => execution.toolResponse)).toEqual([
      { id: 'a', name: 'weather_now', result: 'sunny in Oslo', isError: false },
      { id: 'b', name: 'kb_echo', result: JSON.stringify({ text: 'remote', meta: null }), isError: false },
      { id: 'c', name: 'echo', result: 'local here', isError: false },
    ]);
  });

  it('gives the model an error result for an isError tool; a killed stdio server is started again', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { id: 'f', name: 'fail' },
          { id: 'p', name: 'pid' },
        ],
      },
      'ok',
      { toolCalls: [{ id: 'p2', name: 'pid' }] },
      'done',
    ]);
    app = await startApp(
      McpClientAppModule.register({
        chatModel: model,
        mcp: { servers: { kb: { command: process.execPath, args: [STDIO_MAIN] } } },
      }),
    );
    const chat = app.get(ChatClient);
    const first = await chat.prompt().user('one').call().chatResponse();
    expect(first.toolExecutions[0].toolResponse).toEqual({
      id: 'f',
      name: 'fail',
      result: 'the printer is on fire',
      isError: true,
    });
    const pid = Number(first.toolExecutions[1].toolResponse.result);
    process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await chat.prompt().user('two').call().chatResponse();
    expect(second.toolExecutions[0].toolResponse.isError).toBe(false);
    expect(Number(second.toolExecutions[0].toolResponse.result)).not.toBe(pid);
  });

  it('tells the model a server is down; the other tools keep working', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'a', name: 'weather_now', arguments: { city: 'Rome' } }] },
      'ok',
      {
        toolCalls: [
          { id: 'b', name: 'weather_now', arguments: { city: 'Rome' } },
          { id: 'c', name: 'echo', arguments: { text: 'still' } },
        ],
      },
      'done',
    ]);
    app = await startApp(
      McpClientAppModule.register({ chatModel: model, mcp: { servers: { remote: { url: http.url } } } }),
    );
    const chat = app.get(ChatClient);
    const first = await chat.prompt().user('one').call().chatResponse();
    expect(first.toolExecutions[0].toolResponse.result).toBe('sunny in Rome');
    await http.close();
    const second = await chat.prompt().user('two').call().chatResponse();
    expect(second.toolExecutions.map((execution) => execution.toolResponse)).toEqual([
      {
        id: 'b',
        name: 'weather_now',
        result: expect.stringMatching(
          /^MCP server "remote" is unavailable, so the tool weather_now cannot run now: /,
        ),
        isError: true,
      },
      { id: 'c', name: 'echo', result: 'local still', isError: false },
    ]);
  });
});

describe('a remote tool through ChatClient.stream()', () => {
  it("yields the server's progress notifications as tool-progress events, in order, never sent to the model", async () => {
    const server = await startV2McpServer();
    const provider = new McpToolCallbackProvider({ servers: { remote: { url: server.url } } });
    try {
      const model = new ScriptedChatModel([{ toolCalls: [{ id: 'c1', name: 'count' }] }, 'counted']);
      const events = [];
      const stream = ChatClient.create(model, { toolCallbacks: [...(await provider.getToolCallbacks())] })
        .prompt('count')
        .stream()
        .events();
      for await (const event of stream) events.push(event);
      expect(events.filter((event) => event.type === 'tool-progress')).toEqual(
        [1, 2, 3].map((step) => ({
          type: 'tool-progress',
          round: 1,
          toolCall: expect.objectContaining({ id: 'c1', name: 'count' }),
          progress: step,
          total: 3,
          message: `step ${step}`,
        })),
      );
      expect(JSON.stringify(model.requests[1].messages)).not.toContain('step 1');
    } finally {
      await provider.close();
      await server.close();
    }
  });
});
