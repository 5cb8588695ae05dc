import {
  ChatClient,
  FunctionToolCallback,
  ToolCallingManager,
  type ChatClientDefaults,
  type ChatStreamEvent,
  type ToolCallHooks,
  type ToolExecutionResult,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { ToolRound } from '../../../../lib/chat/loop/tool-round';
import { invokeStage } from '../../../../lib/chat/loop/tool-call/invoke.stage';
import { composeStages, toolCallPipeline } from '../../../../lib/chat/loop/tool-call/tool-call-pipeline';
import type { ToolCallStage, ToolRoundScope } from '../../../../lib/chat/loop/tool-call/tool-call-state';
import { nextTurn, noInputTool } from '../../fixtures';

/** What a stream's events say about the tool calls, one line each: `started a`, `result a: A`, `error b: …`. */
function toolEvents(events: readonly ChatStreamEvent[]): string[] {
  const lines: string[] = [];
  for (const event of events) {
    if (event.type === 'tool-call-started') lines.push(`started ${event.toolCall.name}`);
    else if (event.type === 'tool-result' || event.type === 'tool-error') {
      const { name, result } = event.toolResponse;
      lines.push(
        `${event.type === 'tool-result' ? 'result' : 'error'} ${name}: ${result.split('\n')[0].slice(0, 40)}`,
      );
    } else if (event.type === 'tool-result-truncated') lines.push(`truncated ${event.toolCall.name}`);
  }
  return lines;
}

/** A hook that changes nothing: with it the pipeline has a stage that always waits (one promise per call). */
const NEUTRAL_HOOK: ToolCallHooks = { beforeToolCall: () => undefined, afterToolCall: () => undefined };

const ran: string[] = [];
const sync = (name: string) =>
  noInputTool(name, () => {
    ran.push(name);
    return name.toUpperCase();
  });
const later = (name: string) =>
  noInputTool(name, async () => {
    ran.push(name);
    await nextTurn();
    return name.toUpperCase();
  });
const strict = FunctionToolCallback.from({
  name: 'strict',
  inputSchema: {
    type: 'object',
    properties: { n: { type: 'integer' } },
    required: ['n'],
    additionalProperties: false,
  },
  fn: () => 'never',
});
const long = FunctionToolCallback.from({
  name: 'long',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  fn: () => 'x'.repeat(50),
  maxResultChars: 10,
});
const toolCallbacks = [sync('a'), later('b'), sync('c'), strict, long];

/** One round calling `names`, then an answer; the tool events of the stream and the results the model got. */
async function round(names: string[], defaults: ChatClientDefaults, maxConcurrency?: number) {
  ran.length = 0;
  const model = new ScriptedChatModel([{ toolCalls: names.map((name) => ({ name })) }, 'done']);
  const events: ChatStreamEvent[] = [];
  const chat = ChatClient.create(
    model,
    defaults,
    maxConcurrency === undefined ? undefined : { toolCallingManager: { limits: { maxConcurrency } } },
  );
  for await (const event of chat.prompt('go').stream().events()) events.push(event);
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  const results = message?.role === 'tool' ? message.responses.map((r) => `${r.name}: ${r.result}`) : [];
  return { events: toolEvents(events), results, ran: [...ran] };
}

describe('the tool call pipeline', () => {
  describe.each([
    ['without a hook', { toolCallbacks }],
    ['with a hook (a stage that waits)', { toolCallbacks, hooks: NEUTRAL_HOOK }],
  ])('%s', (_name, defaults) => {
    it.each<[string, string[], string[]]>([
      [
        'all synchronous',
        ['a', 'c', 'a'],
        ['started a', 'started c', 'started a', 'result a: A', 'result c: C', 'result a: A'],
      ],
      [
        'one that awaits, between two that do not',
        ['a', 'b', 'c'],
        ['started a', 'started b', 'started c', 'result a: A', 'result c: C', 'result b: B'],
      ],
      [
        'the one that awaits first',
        ['b', 'a', 'c'],
        ['started b', 'started a', 'started c', 'result a: A', 'result c: C', 'result b: B'],
      ],
      [
        'invalid arguments first, then a valid call',
        ['strict', 'a'],
        ['started strict', 'started a', 'error strict: Invalid arguments for tool "strict"', 'result a: A'],
      ],
      [
        'a result cut to its maxResultChars, before an invalid call',
        ['long', 'strict', 'a'],
        [
          'started long',
          'started strict',
          'started a',
          'truncated long',
          'result long: xxxxxxxxxx',
          'error strict: Invalid arguments for tool "strict"',
          'result a: A',
        ],
      ],
      [
        'an unknown tool among them, reported before the results of tools started with it',
        ['a', 'nope', 'c'],
        [
          'started a',
          'started nope',
          'started c',
          'error nope: Unknown tool "nope"',
          'result a: A',
          'result c: C',
        ],
      ],
    ])('reports the calls of a round in one order (%s)', async (_case, names, expected) => {
      const { events, results, ran: tools } = await round(names, defaults);
      expect(events.map((line) => line.replace(/(Unknown tool "nope"|"strict").*$/, '$1'))).toEqual(
        expected.map((line) => line.replace(/(Unknown tool "nope"|"strict").*$/, '$1')),
      );
      expect(results.map((line) => line.split(':')[0])).toEqual(names);
      expect(tools).toEqual(names.filter((name) => ['a', 'b', 'c'].includes(name)));
    });

    it('starts the next calls as places free up, under maxConcurrency', async () => {
      const { events } = await round(['a', 'c', 'a'], defaults, 2);
      expect(events).toEqual([
        'started a',
        'started c',
        'result a: A',
        'result c: C',
        'started a',
        'result a: A',
      ]);
    });
  });

  it.each([
    ['all synchronous', ['a', 'c', 'a']],
    ['one that awaits', ['a', 'b', 'c']],
    ['invalid arguments', ['a', 'strict', 'c']],
    ['a cut result', ['long', 'a']],
    ['an unknown tool', ['a', 'nope', 'c']],
  ])('gives identical events and results with and without a hook (%s)', async (_case, names) => {
    expect(await round(names, { toolCallbacks })).toEqual(
      await round(names, { toolCallbacks, hooks: NEUTRAL_HOOK }),
    );
  });

  describe('its composition', () => {
    function scope(options: { hooks?: ToolCallHooks[]; onEvent?: () => void }): ToolRoundScope {
      return {
        input: {
          history: [],
          message: { role: 'assistant', content: '', toolCalls: [] },
          tools: [],
          ...options,
        },
        settings: { hooks: options.hooks ?? [] },
      } as unknown as ToolRoundScope;
    }

    it('is the invoke stage alone when the round needs nothing around its calls', () => {
      expect(toolCallPipeline(scope({}), [])).toBe(invokeStage);
    });

    it('has the stages the round needs, composed once for each combination', () => {
      const withHooks = toolCallPipeline(scope({ hooks: [NEUTRAL_HOOK] }), []);
      expect(withHooks).not.toBe(invokeStage);
      expect(toolCallPipeline(scope({ hooks: [NEUTRAL_HOOK] }), [])).toBe(withHooks);
      const withEvents = toolCallPipeline(scope({ hooks: [NEUTRAL_HOOK], onEvent: () => undefined }), []);
      expect(withEvents).not.toBe(withHooks);
    });

    it('runs the stages first to last, each handing on to the next, synchronously when each is', () => {
      const seen: string[] = [];
      const stage =
        (name: string): ToolCallStage =>
        (state, next) => {
          seen.push(name);
          return next(state);
        };
      const pipeline = composeStages([stage('one'), stage('two')], () => {
        seen.push('last');
        return undefined;
      });
      expect(pipeline({} as never)).toBeUndefined();
      expect(seen).toEqual(['one', 'two', 'last']);
    });

    const message = {
      role: 'assistant' as const,
      content: '',
      toolCalls: [
        { id: '1', name: 'a', arguments: '{}' },
        { id: '2', name: 'c', arguments: '{}' },
      ],
    };
    const settings = (hooks: ToolCallHooks[]) => ({
      limits: new ToolCallingManager().limits,
      processor: { process: (error: Error) => error.message },
      hooks,
    });
    const tools = new Map([
      ['a', sync('a')],
      ['c', sync('c')],
    ]);

    it('answers a round of synchronous tools with nothing around them at once, with no promise', () => {
      const result = new ToolRound({ history: [], message, tools }, tools, settings([]), undefined).run();
      expect(result).not.toBeInstanceOf(Promise);
      expect((result as ToolExecutionResult).toolResponses.map((r) => r.result)).toEqual(['A', 'C']);
    });

    it('answers the same round with a promise when a stage waits, with the same results', async () => {
      const result = new ToolRound(
        { history: [], message, tools },
        tools,
        settings([NEUTRAL_HOOK]),
        undefined,
      ).run();
      expect(result).toBeInstanceOf(Promise);
      expect((await result).toolResponses.map((r) => r.result)).toEqual(['A', 'C']);
    });
  });
});
