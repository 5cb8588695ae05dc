import {
  ChatClient,
  ToolCallbackRegistry,
  ToolDefinitionError,
  ToolDiscoveryError,
  type ToolCallback,
  type ToolCallbackProvider,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  BadlyNamedCallbacksAppModule,
  MetadataFreeCallbackAppModule,
  chatModel,
  badlyNamedObject,
} from './fixtures/hand-written-callbacks.app';
import { startApp, startupError } from './fixtures/start-app';

const RULE =
  'a tool name must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, "_" and "-", 1 to 64 characters), as every ' +
  'supported model provider requires';

const noMetadata = {
  getToolDefinition: () => ({ name: 'ping', description: 'Ping', inputSchema: { type: 'object' } }),
  call: async () => 'pong',
} as unknown as ToolCallback;

function toolResults(model: ScriptedChatModel): readonly ToolResponse[] {
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  return (message as { responses: readonly ToolResponse[] }).responses;
}

describe('hand-written ToolCallbacks are checked where they enter', () => {
  it('at bootstrap: a discovered class and an options entry with invalid names stop the app, each named', async () => {
    const error = await startupError(BadlyNamedCallbacksAppModule);
    expect(error).toBeInstanceOf(ToolDiscoveryError);
    expect(error.message).toBe(
      'ToolCallingModule cannot start: 2 problems with the tools of this application:\n' +
        `- Object(also bad) from toolCallbacks[0] of the ToolCallingModule options: invalid tool name "also bad": ${RULE}\n` +
        `- BadlyNamedCallback(bad name!) (provider BadlyNamedCallback in BadlyNamedCallbacksAppModule): invalid tool name "bad name!": ${RULE}`,
    );
  });

  it('at bootstrap: a discovered callback without getToolMetadata is registered and runs with the default metadata', async () => {
    const app = await startApp(MetadataFreeCallbackAppModule);
    try {
      expect(app.get(ToolCallbackRegistry).get('clock')).toBeDefined();
      await expect(app.get(ChatClient).prompt('time?').call().content()).resolves.toBe('noon');
      expect(toolResults(chatModel)).toEqual([
        { id: expect.any(String), name: 'clock', result: '12:00', isError: false },
      ]);
    } finally {
      await app.close();
    }
  });

  it('when attached to a client or a request', () => {
    const model = new ScriptedChatModel(['unused']);
    const message = `Object(also bad): invalid tool name "also bad": ${RULE}`;
    expect(() => ChatClient.create(model, { toolCallbacks: [badlyNamedObject] })).toThrow(
      new ToolDefinitionError(message),
    );
    expect(() => ChatClient.create(model).prompt('go').toolCallbacks(badlyNamedObject)).toThrow(message);
  });

  it('when a provider hands one out per request', async () => {
    const provider: ToolCallbackProvider = { getToolCallbacks: async () => [badlyNamedObject] };
    const model = new ScriptedChatModel(['unused']);
    await expect(
      ChatClient.create(model).prompt('go').toolCallbacks(provider).call().content(),
    ).rejects.toThrow(`Object(also bad): invalid tool name "also bad": ${RULE}`);
  });

  it('a request callback without getToolMetadata runs, hooks included, instead of failing the call', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'ping' }] }, 'done']);
    const seen: unknown[] = [];
    const answer = await ChatClient.create(model)
      .prompt('go')
      .toolCallbacks(noMetadata)
      .hooks({ beforeToolCall: ({ toolMetadata }) => void seen.push(toolMetadata) })
      .call()
      .content();
    expect(answer).toBe('done');
    expect(seen).toEqual([{ returnDirect: false }]);
    expect(toolResults(model)[0]).toMatchObject({ result: 'pong', isError: false });
  });
});
