import {
  ChatClient,
  FunctionToolCallback,
  ToolCallingManager,
  type ToolCallback,
  type ToolDefinition,
  type ToolSelection,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

const tool = (name: string): ToolCallback => FunctionToolCallback.from({ name, fn: () => name });
const names = (tools: ReadonlyMap<string, ToolCallback>): string[] => [...tools.keys()];

/** A callback of the user's own whose definition is rebuilt on each call, as a dynamic description would be. */
function dynamicTool(description: () => string): ToolCallback {
  return {
    getToolDefinition: (): ToolDefinition => ({
      name: 'dynamic',
      description: description(),
      inputSchema: { type: 'object', properties: {} },
    }),
    getToolMetadata: () => ({ returnDirect: false }),
    call: async () => 'ok',
  };
}

describe('reuse of a resolution from one call to the next', () => {
  const resolutionKey = {};

  it('returns the same tools again for a list whose sources give the same callbacks', async () => {
    const manager = new ToolCallingManager();
    const callbacks = Object.freeze([tool('a'), tool('b')]);
    const toolCallbacks = Object.freeze([tool('c'), { getToolCallbacks: () => callbacks }]);
    const first = await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey });
    const second = await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey });
    expect(names(second)).toEqual(['c', 'a', 'b']);
    expect(second).toBe(first);
  });

  it('sees a provider that returns other callbacks, or the same array changed in place', async () => {
    const manager = new ToolCallingManager();
    const list = [tool('a')];
    let answer: ToolCallback[] = list;
    const toolCallbacks = Object.freeze([{ getToolCallbacks: async () => answer }]);
    expect(names(await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey }))).toEqual(['a']);
    list.push(tool('b'));
    expect(names(await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey }))).toEqual(['a', 'b']);
    answer = [tool('c')];
    expect(names(await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey }))).toEqual(['c']);
  });

  it('sees the list itself change in place', async () => {
    const manager = new ToolCallingManager();
    const toolCallbacks = [tool('a')];
    expect(names(await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey }))).toEqual(['a']);
    toolCallbacks.push(tool('b'));
    expect(names(await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey }))).toEqual(['a', 'b']);
  });

  it('still refuses two tools of one name on every call', async () => {
    const manager = new ToolCallingManager();
    let answer = [tool('a')];
    const toolCallbacks = Object.freeze([tool('b'), { getToolCallbacks: () => answer }]);
    await manager.resolveToolCallbacks({ toolCallbacks, resolutionKey });
    answer = [tool('b')];
    await expect(manager.resolveToolCallbacks({ toolCallbacks, resolutionKey })).rejects.toThrow(
      'duplicate tool names: "b"',
    );
  });

  it("sends the current definition of a callback of the user's own to the model on each call", async () => {
    let version = 1;
    const model = new ScriptedChatModel(['one', 'two']);
    const chat = ChatClient.create(model, {
      toolCallbacks: [dynamicTool(() => `version ${version}`)],
    });
    await chat.prompt('hi').call().content();
    version = 2;
    await chat.prompt('hi').call().content();
    expect(model.requests.map((request) => request.tools[0].description)).toEqual(['version 1', 'version 2']);
  });

  describe('as a chat call resolves its tools (at once unless something answers with a promise)', () => {
    it('asks a ToolCallingManager that overrides resolveToolCallbacks, and offers what it returns', async () => {
      const asked: string[][] = [];
      class OneToolManager extends ToolCallingManager {
        override async resolveToolCallbacks(
          selection: ToolSelection,
        ): Promise<ReadonlyMap<string, ToolCallback>> {
          const all = await super.resolveToolCallbacks(selection);
          asked.push(names(all));
          return new Map([...all].filter(([name]) => name === 'b'));
        }
      }
      const model = new ScriptedChatModel(['done']);
      const chat = ChatClient.create(
        model,
        { toolCallbacks: [tool('a'), tool('b')] },
        { toolCallingManager: new OneToolManager() },
      );
      expect(await chat.prompt('hi').call().content()).toBe('done');
      expect(asked).toEqual([['a', 'b']]);
      expect(model.requests[0].tools.map((definition) => definition.name)).toEqual(['b']);
    });

    it('waits for a provider that answers with a promise, on every call', async () => {
      let calls = 0;
      const provider = {
        getToolCallbacks: async () => {
          calls++;
          return [tool(`async${calls}`)];
        },
      };
      const model = new ScriptedChatModel(['one', 'two']);
      const chat = ChatClient.create(model, { toolCallbacks: [tool('a'), provider] });
      await chat.prompt('hi').call().content();
      await chat.prompt('hi').call().content();
      expect(model.requests.map((request) => request.tools.map((definition) => definition.name))).toEqual([
        ['a', 'async1'],
        ['a', 'async2'],
      ]);
    });

    it('rejects the call, without asking the model, when a provider answering at once duplicates a name', async () => {
      const provider = { getToolCallbacks: () => [tool('a')] };
      const model = new ScriptedChatModel(['never']);
      const chat = ChatClient.create(model, { toolCallbacks: [tool('a'), provider] });
      await expect(chat.prompt('hi').call().content()).rejects.toThrow('duplicate tool names: "a"');
      expect(model.requests).toHaveLength(0);
    });
  });
});
