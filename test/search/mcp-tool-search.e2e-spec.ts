import { Logger } from '@nestjs/common';
import { ChatClient, ToolSearchAdvisor, type ToolCallback } from 'nestjs-tool-calling';
import { McpToolCallbackProvider } from 'nestjs-tool-calling/mcp';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { startLoopbackMcpServer, type LoopbackMcpServer } from '../mcp/support/http-mcp-server';

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Searches for the user's words, then calls the first tool found (with `args` when given), then answers. */
function searchThenCall(args: Record<string, unknown> = {}): ScriptedChatModel {
  return new ScriptedChatModel((prompt) => {
    const messages = prompt.messages;
    const last = messages[messages.length - 1];
    if (last.role === 'user') {
      return { toolCalls: [{ id: 's', name: 'tool_search', arguments: { query: last.content } }] };
    }
    if (last.role === 'tool' && last.responses[0].name === 'tool_search') {
      const found = (JSON.parse(last.responses[0].result) as { tools: { name: string }[] }).tools;
      if (found.length === 0) return 'nothing found';
      return { toolCalls: [{ id: 'c', name: found[0].name, arguments: args }] };
    }
    return 'done';
  });
}

describe('Tool search over MCP tools (SDK server over Streamable HTTP on loopback)', () => {
  let server: LoopbackMcpServer;
  let provider: McpToolCallbackProvider;

  beforeAll(async () => {
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    server = await startLoopbackMcpServer();
    provider = new McpToolCallbackProvider({ servers: { remote: { url: server.url } } });
  });

  afterAll(async () => {
    await provider.close();
    await server.close();
    jest.restoreAllMocks();
  });

  it('finds an MCP tool by its description and calls it in the next round', async () => {
    const model = searchThenCall({ city: 'Rome' });
    const chat = ChatClient.create(model, { toolCallbacks: [provider], advisors: [new ToolSearchAdvisor()] });
    const response = await chat.prompt().user('a name with a dot').call().chatResponse();
    expect(model.requests[0].tools?.map((tool) => tool.name)).toEqual(['tool_search']);
    expect(response.toolExecutions[1].toolResponse).toMatchObject({
      name: 'weather_now',
      result: 'sunny in Rome',
      isError: false,
    });
  });

  it('indexes again when the server sends notifications/tools/list_changed', async () => {
    const advisor = new ToolSearchAdvisor();
    const before = await ChatClient.create(searchThenCall(), {
      toolCallbacks: [provider],
      advisors: [advisor],
    })
      .prompt()
      .user('lateSearchableTool')
      .call()
      .chatResponse();
    const names = (result: string) =>
      (JSON.parse(result) as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(names(before.toolExecutions[0].toolResponse.result)).not.toContain('lateSearchableTool');

    let changes = 0;
    provider.onToolsChanged(() => changes++);
    const add = (await provider.getToolCallbacks()).find(
      (tool: ToolCallback) => tool.getToolDefinition().name === 'addTool',
    )!;
    await add.call('{"name":"lateSearchableTool"}');
    await waitFor(() => changes > 0);

    const after = await ChatClient.create(searchThenCall(), {
      toolCallbacks: [provider],
      advisors: [advisor],
    })
      .prompt()
      .user('late searchable tool')
      .call()
      .chatResponse();
    expect(names(after.toolExecutions[0].toolResponse.result)[0]).toBe('lateSearchableTool');
    expect(after.toolExecutions[1].toolResponse).toMatchObject({
      result: 'lateSearchableTool ran',
      isError: false,
    });
  });
});
