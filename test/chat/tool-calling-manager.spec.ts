import {
  DuplicateToolNameError,
  FunctionToolCallback,
  ToolCallingManager,
  ToolContext,
  assistantMessage,
  userMessage,
  type ToolCallback,
  type ToolCallEvent,
} from 'nestjs-tool-calling';
import { deferred, noInputTool } from './fixtures';
import { ToolCallCounter } from '../../lib/chat/loop/tool-call-counter';

const ping = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });

describe('ToolCallingManager', () => {
  describe('resolveToolDefinitions()', () => {
    it('returns the definitions of callbacks, providers and resolved names, in that order', async () => {
      const pong = FunctionToolCallback.from({ name: 'pong', fn: () => 'ping' });
      const echo = FunctionToolCallback.from({ name: 'echo', fn: () => 'echo' });
      const manager = new ToolCallingManager({
        resolver: { resolve: (name) => (name === 'echo' ? echo : undefined) },
      });
      const definitions = await manager.resolveToolDefinitions({
        toolCallbacks: [ping, { getToolCallbacks: async () => [pong] }],
        toolNames: ['echo', 'ping'],
      });
      expect(definitions.map((d) => d.name)).toEqual(['ping', 'pong', 'echo']);
    });

    it('asks the providers in parallel', async () => {
      const firstAsked = deferred();
      const secondAsked = deferred();
      const first = {
        getToolCallbacks: async (): Promise<ToolCallback[]> => {
          firstAsked.resolve();
          await secondAsked.promise;
          return [ping];
        },
      };
      const second = {
        getToolCallbacks: async (): Promise<ToolCallback[]> => {
          secondAsked.resolve();
          await firstAsked.promise;
          return [];
        },
      };
      const tools = await new ToolCallingManager().resolveToolCallbacks({ toolCallbacks: [first, second] });
      expect([...tools.keys()]).toEqual(['ping']);
    });

    it('refuses a resolved name that clashes with another tool of that name', async () => {
      const otherPing = FunctionToolCallback.from({ name: 'ping', fn: () => 'PONG' });
      const manager = new ToolCallingManager({ resolver: { resolve: () => otherPing } });
      const resolution = manager.resolveToolCallbacks({ toolCallbacks: [ping], toolNames: ['alias'] });
      await expect(resolution).rejects.toThrow(DuplicateToolNameError);
      await expect(resolution).rejects.toThrow(
        'duplicate tool names: "ping" is defined by FunctionToolCallback(ping), FunctionToolCallback(ping)',
      );
    });
  });

  describe('executeToolCalls()', () => {
    it('runs the calls of a message with the given context and reports their progress', async () => {
      const seen: ToolContext[] = [];
      const who = noInputTool('who', (context) => {
        seen.push(context);
        return `for ${context.get('user') as string}`;
      });
      const events: ToolCallEvent[] = [];
      const message = assistantMessage('', [
        { id: '1', name: 'who', arguments: '{}' },
        { id: '2', name: 'nope', arguments: '{}' },
      ]);
      const result = await new ToolCallingManager().executeToolCalls({
        history: [userMessage('hi')],
        message,
        tools: [who],
        context: ToolContext.of({ user: 'ann' }),
        round: 3,
        onEvent: (event) => events.push(event),
      });

      expect(result.toolResponses).toEqual([
        { id: '1', name: 'who', result: 'for ann', isError: false },
        {
          id: '2',
          name: 'nope',
          result:
            'Unknown tool "nope". The available tools are: "who". Call one of them, or answer without a tool.',
          isError: true,
        },
      ]);
      expect(result.conversationHistory).toEqual([
        userMessage('hi'),
        message,
        { role: 'tool', responses: result.toolResponses },
      ]);
      expect(result.returnDirect).toBe(false);
      expect(seen[0].toolName).toBe('who');
      expect(seen[0].signal?.aborted).toBe(false);
      expect(events.map((e) => `${e.type}:${e.round}`)).toEqual([
        'tool-call-started:3',
        'tool-call-started:3',
        'tool-error:3',
        'tool-result:3',
      ]);
    });

    it('counts calls across rounds with a shared counter', async () => {
      const manager = new ToolCallingManager({ limits: { maxCallsPerTool: 2 } });
      const counter = new ToolCallCounter();
      const message = assistantMessage('', [{ id: '1', name: 'ping', arguments: '{}' }]);
      const run = () => manager.executeToolCalls({ history: [], message, tools: [ping], counter });
      await run();
      await run();
      expect(counter.total).toBe(2);
      expect(counter.of('ping')).toBe(2);
      await expect(run()).rejects.toThrow('the model asked for tool "ping" more than 2 times');
    });

    it('refuses duplicate names in a list of tools', async () => {
      const execution = new ToolCallingManager().executeToolCalls({
        history: [],
        message: assistantMessage('', []),
        tools: [ping, FunctionToolCallback.from({ name: 'ping', fn: () => 'again' })],
      });
      await expect(execution).rejects.toThrow(DuplicateToolNameError);
    });

    it('returns a promise when every call answers synchronously, and one that rejects on an abort', async () => {
      const message = assistantMessage('', [
        { id: '1', name: 'ping', arguments: '{}' },
        { id: '2', name: 'ping', arguments: '{}' },
      ]);
      const execution = new ToolCallingManager().executeToolCalls({ history: [], message, tools: [ping] });
      expect(execution).toBeInstanceOf(Promise);
      expect((await execution).toolResponses.map((r) => r.result)).toEqual(['pong', 'pong']);

      const signal = AbortSignal.abort(new Error('left'));
      const aborted = new ToolCallingManager().executeToolCalls({
        history: [],
        message,
        tools: [ping],
        signal,
      });
      expect(aborted).toBeInstanceOf(Promise);
      await expect(aborted).rejects.toThrow('left');
    });
  });
});
