import { lastValueFrom, toArray } from 'rxjs';
import {
  ChatClient,
  ToolCallingLimitError,
  ToolCallingManager,
  chatClientResponseOf,
  type ChatModelCallOptions,
  type ToolRoundInput,
  type ToolExecutionResult,
  Tool,
  ToolParam,
  type ChatModel,
  type ChatResponseChunk,
  type ChatStreamEvent,
  type Prompt,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools, deferred, noInputTool, usage, toolsWaitingForEachOther } from './fixtures';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The events with consecutive text deltas of one round merged, so that the order reads at a glance. */
function merged(events: readonly ChatStreamEvent[]): ChatStreamEvent[] {
  const result: ChatStreamEvent[] = [];
  for (const event of events) {
    const previous = result.at(-1);
    if (event.type === 'text-delta' && previous?.type === 'text-delta' && previous.round === event.round) {
      result[result.length - 1] = { ...previous, text: previous.text + event.text };
    } else result.push(event);
  }
  return result;
}

function weatherExchange(): ScriptedChatModel {
  return new ScriptedChatModel(
    [
      {
        text: 'Let me check.',
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
        usage: usage(10, 5),
      },
      { text: 'Sunny in Paris.', usage: usage(20, 5) },
    ],
    { chunkSize: 4 },
  );
}

describe('stream()', () => {
  it('yields text deltas, round ends, tool calls and their results, then the end, in order', async () => {
    const model = weatherExchange();
    const chat = ChatClient.create(model, { tools: [new WeatherTools()] });

    const events = await collect(chat.prompt('Weather in Paris?').stream().events());

    expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(4);
    const toolCall = { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' };
    expect(merged(events)).toEqual([
      { type: 'text-delta', round: 1, text: 'Let me check.' },
      ...['{"ci', 'ty":', '"Par', 'is"}'].map((delta) => ({
        type: 'tool-input-delta',
        round: 1,
        toolCallId: 'call_1',
        toolName: 'get_weather',
        delta,
      })),
      { type: 'round-finished', round: 1, finishReason: 'tool_calls', usage: usage(10, 5) },
      { type: 'tool-call-started', round: 1, toolCall },
      {
        type: 'tool-result',
        round: 1,
        toolResponse: { id: 'call_1', name: 'get_weather', result: 'Paris: sunny, 25°C', isError: false },
      },
      { type: 'text-delta', round: 2, text: 'Sunny in Paris.' },
      { type: 'round-finished', round: 2, finishReason: 'stop', usage: usage(20, 5) },
      {
        type: 'finished',
        text: 'Sunny in Paris.',
        finishReason: 'stop',
        usage: usage(30, 10),
        rounds: 2,
        stopReason: 'answered',
        returnDirect: false,
        pendingToolCalls: [],
        pendingApprovals: [],
      },
    ]);
    expect(model.requests.map((r) => r.streamed)).toEqual([true, true]);
    expect(model.requests[1].messages[1]).toEqual({
      role: 'assistant',
      content: 'Let me check.',
      toolCalls: [toolCall],
    });
  });

  it('assembles tool calls from fragments by index, interleaved and out of order', async () => {
    const chunks: ChatResponseChunk[] = [
      { type: 'tool-call-delta', index: 1, id: 'b', name: 'getAirQuality' },
      { type: 'tool-call-delta', index: 0, id: 'a', name: 'get_weather', argumentsDelta: '{"ci' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":' },
      { type: 'tool-call-delta', index: 2, name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ty":"Rome"}' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '"Oslo"}' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{"city":"Kyiv"}' },
      { type: 'tool-call-delta', index: 3, argumentsDelta: '{}' },
    ];
    const prompts: Prompt[] = [];
    const model: ChatModel = {
      call: () => Promise.reject(new Error('not used')),
      async *stream(prompt) {
        prompts.push(prompt);
        if (prompts.length === 1) yield* chunks;
        else yield { type: 'text-delta', text: 'done' };
      },
    };
    const weather = new WeatherTools();
    const events = await collect(
      ChatClient.create(model, { tools: [weather] })
        .prompt('go')
        .stream()
        .events(),
    );

    const started = events.flatMap((e) => (e.type === 'tool-call-started' ? [e.toolCall] : []));
    expect(started).toEqual([
      { id: 'a', name: 'get_weather', arguments: '{"city":"Rome"}' },
      { id: 'b', name: 'getAirQuality', arguments: '{"city":"Oslo"}' },
      { id: 'call_1_2', name: 'get_weather', arguments: '{"city":"Kyiv"}' },
      { id: 'call_1_3', name: '', arguments: '{}' },
    ]);
    expect(events.find((e) => e.type === 'tool-error')).toMatchObject({
      toolResponse: {
        id: 'call_1_3',
        result:
          'Unknown tool "". The available tools are: "get_weather", "getAirQuality". Call one of them, or answer ' +
          'without a tool.',
      },
    });
    expect(weather.cities.sort()).toEqual(['Kyiv', 'Rome']);
    expect(events.find((e) => e.type === 'round-finished')).toMatchObject({ finishReason: 'tool_calls' });
    expect(events.at(-1)).toMatchObject({
      type: 'finished',
      text: 'done',
      finishReason: 'stop',
      usage: undefined,
    });
  });

  it('reports failed calls as tool-error events', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'invented' }] }, 'ok']);
    const events = await collect(ChatClient.create(model).prompt('go').stream().events());
    expect(events.filter((e) => e.type === 'tool-error')).toEqual([
      {
        type: 'tool-error',
        round: 1,
        toolResponse: {
          id: 'call_1_1',
          name: 'invented',
          result:
            'Unknown tool "invented". No tools are available in this conversation: answer without calling a tool.',
          isError: true,
        },
      },
    ]);
  });

  it('reports parallel calls as they start and finish', async () => {
    const [a, b] = toolsWaitingForEachOther();
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'a' }, { name: 'b' }] }, 'ok']);
    const events = await collect(
      ChatClient.create(model, { toolCallbacks: [a, b] })
        .prompt('go')
        .stream()
        .events(),
    );
    const tools = events.flatMap((e) =>
      e.type === 'tool-call-started'
        ? [`start ${e.toolCall.name}`]
        : e.type === 'tool-result'
          ? [`end ${e.toolResponse.name}`]
          : [],
    );
    expect(tools.slice(0, 2)).toEqual(['start a', 'start b']);
    expect(tools.slice(2).sort()).toEqual(['end a', 'end b']);
  });

  it('content() yields the text as it arrives', async () => {
    const chat = ChatClient.create(weatherExchange(), { tools: [new WeatherTools()] });
    const pieces = await collect(chat.prompt('Weather in Paris?').stream().content());
    expect(pieces.length).toBeGreaterThan(4);
    expect(pieces.join('')).toBe('Let me check.Sunny in Paris.');
  });

  it('ends with the results of returnDirect tools, as a text delta', async () => {
    class Booking {
      @Tool({ returnDirect: true })
      book(@ToolParam() restaurant: string): string {
        return `Booked ${restaurant}.`;
      }
    }
    const booking = { toolCalls: [{ name: 'book', arguments: { restaurant: 'Chez Marie' } }] };
    const model = new ScriptedChatModel([booking, booking]);
    const chat = ChatClient.create(model, { tools: [new Booking()] });
    const events = await collect(chat.prompt('Book').stream().events());
    expect(events.slice(-2)).toEqual([
      { type: 'text-delta', round: 1, text: 'Booked Chez Marie.' },
      {
        type: 'finished',
        text: 'Booked Chez Marie.',
        finishReason: 'tool_calls',
        usage: undefined,
        rounds: 1,
        stopReason: 'return-direct',
        returnDirect: true,
        pendingToolCalls: [],
        pendingApprovals: [],
      },
    ]);
    expect(await collect(chat.prompt('Book').stream().content())).toEqual(['Booked Chez Marie.']);
  });

  it('leaves the tool calls to the caller when internal execution is off', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
    ]);
    const weather = new WeatherTools();
    const events = await collect(
      ChatClient.create(model, { tools: [weather] })
        .prompt('go')
        .internalToolExecution(false)
        .stream()
        .events(),
    );
    expect(events.at(-1)).toMatchObject({
      type: 'finished',
      finishReason: 'tool_calls',
      pendingToolCalls: [{ id: 'call_1_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    expect(weather.cities).toEqual([]);
  });

  it('rejects the iteration when a limit is hit', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'a' }] }, { toolCalls: [{ name: 'a' }] }]);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: [noInputTool('a', () => 'A')] },
      { toolCallingManager: { limits: { maxRounds: 2 } } },
    );
    await expect(collect(chat.prompt('go').stream().events())).rejects.toThrow(ToolCallingLimitError);
  });

  describe('stopping', () => {
    function waitingTool() {
      const started = deferred();
      const aborted = deferred<unknown>();
      const tool = noInputTool(
        'waits',
        (context) =>
          new Promise((_resolve, reject) => {
            context.signal!.addEventListener('abort', () => {
              aborted.resolve(context.signal!.reason);
              reject(context.signal!.reason);
            });
            started.resolve();
          }),
      );
      return { tool, started, aborted };
    }

    it('aborts the running tools and makes no further request when the signal aborts', async () => {
      const { tool, started, aborted } = waitingTool();
      const controller = new AbortController();
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'waits' }] }, 'never']);
      const iteration = collect(
        ChatClient.create(model, { toolCallbacks: [tool] })
          .prompt('go')
          .signal(controller.signal)
          .stream()
          .events(),
      );
      await started.promise;
      controller.abort();
      await expect(iteration).rejects.toThrow('This operation was aborted');
      expect(await aborted.promise).toBe(controller.signal.reason);
      expect(model.requests).toHaveLength(1);
    });

    it('aborts the running tools when the consumer leaves the iteration early', async () => {
      const { tool, aborted } = waitingTool();
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'waits' }] }, 'never']);
      for await (const event of ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('go')
        .stream()
        .events()) {
        if (event.type === 'tool-call-started') break;
      }
      expect(await aborted.promise).toMatchObject({ name: 'AbortError' });
      expect(model.requests).toHaveLength(1);
    });

    it('aborts the running tools when the subscriber unsubscribes', async () => {
      const { tool, started, aborted } = waitingTool();
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'waits' }] }, 'never']);
      const received: ChatStreamEvent[] = [];
      const subscription = ChatClient.create(model, { toolCallbacks: [tool] })
        .prompt('go')
        .stream()
        .observable()
        .subscribe({ next: (event) => received.push(event) });
      await started.promise;
      subscription.unsubscribe();
      expect(await aborted.promise).toMatchObject({ name: 'AbortError' });
      expect(model.requests).toHaveLength(1);
      expect(received.map((e) => e.type)).toEqual([
        'tool-input-delta',
        'round-finished',
        'tool-call-started',
      ]);
    });
    it('hands the model a signal that aborts when the consumer leaves during its stream', async () => {
      let received: AbortSignal | undefined;
      const model: ChatModel = {
        call: () => Promise.reject(new Error('not called')),
        async *stream(_prompt: Prompt, options?: ChatModelCallOptions): AsyncIterable<ChatResponseChunk> {
          received = options?.signal;
          yield { type: 'text-delta', text: 'first' };
          yield { type: 'text-delta', text: 'second' };
          yield { type: 'finish', finishReason: 'stop' };
        },
      };
      for await (const event of ChatClient.create(model).prompt('go').stream().events()) {
        if (event.type === 'text-delta') break;
      }
      expect(received).toBeInstanceOf(AbortSignal);
      expect(received!.aborted).toBe(true);
      expect(received!.reason).toMatchObject({ name: 'AbortError' });
    });

    it('gives a ToolCallingManager that overrides executeToolCalls a real signal, aborted on leaving', async () => {
      const { tool, aborted } = waitingTool();
      const seen: (AbortSignal | undefined)[] = [];
      class RecordingManager extends ToolCallingManager {
        override executeToolCalls(input: ToolRoundInput): Promise<ToolExecutionResult> {
          seen.push(input.signal);
          return super.executeToolCalls(input);
        }
      }
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'waits' }] }, 'never']);
      const chat = ChatClient.create(
        model,
        { toolCallbacks: [tool] },
        { toolCallingManager: new RecordingManager() },
      );
      for await (const event of chat.prompt('go').stream().events()) {
        if (event.type === 'tool-call-started') break;
      }
      expect(await aborted.promise).toMatchObject({ name: 'AbortError' });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toBeInstanceOf(AbortSignal);
      expect(seen[0]!.aborted).toBe(true);
    });
  });

  describe('the finished event', () => {
    it('holds the whole response for chatClientResponseOf(), outside its data', async () => {
      const chat = ChatClient.create(weatherExchange(), {
        tools: [new WeatherTools()],
        system: 'Secret system prompt',
      });
      const events = await collect(chat.prompt('Weather in Paris?').stream().events());
      const finished = events.at(-1)!;
      expect(finished.type).toBe('finished');
      if (finished.type !== 'finished') return;

      const response = chatClientResponseOf(finished);
      expect(response?.text).toBe('Sunny in Paris.');
      expect(response?.toolExecutions).toHaveLength(1);
      expect(response?.history[0]).toMatchObject({ role: 'system', content: 'Secret system prompt' });
      expect(JSON.stringify(finished)).not.toContain('Secret system prompt');
      expect(Object.keys(finished)).not.toContain('history');
      expect(chatClientResponseOf({ ...finished })).toBeUndefined();
      expect(chatClientResponseOf(JSON.parse(JSON.stringify(finished)) as typeof finished)).toBeUndefined();
    });
  });

  describe('Observable forms', () => {
    it('observable() emits the same events and completes', async () => {
      const chat = ChatClient.create(weatherExchange(), { tools: [new WeatherTools()] });
      const fromObservable = await lastValueFrom(chat.prompt('Paris?').stream().observable().pipe(toArray()));
      const fromIterable = await collect(
        ChatClient.create(weatherExchange(), { tools: [new WeatherTools()] })
          .prompt('Paris?')
          .stream()
          .events(),
      );
      expect(fromObservable).toEqual(fromIterable);
    });

    it('observable() errors with the error of the call', async () => {
      const model = new ScriptedChatModel([]);
      const observable = ChatClient.create(model).prompt('go').stream().observable();
      await expect(lastValueFrom(observable)).rejects.toThrow(
        'ScriptedChatModel: request #1 arrived, but the script has only 0 responses',
      );
    });

    it('sse() wraps each event as a Nest MessageEvent, named on request', async () => {
      const chat = ChatClient.create(new ScriptedChatModel(['hi', 'hi']));
      const plain = await lastValueFrom(chat.prompt('go').stream().sse().pipe(toArray()));
      expect(plain[0]).toEqual({ data: { type: 'text-delta', round: 1, text: 'hi' } });
      expect(plain.map((message) => (message.data as ChatStreamEvent).type)).toEqual([
        'text-delta',
        'round-finished',
        'finished',
      ]);
      const named = await lastValueFrom(
        chat.prompt('go').stream().sse({ namedEvents: true }).pipe(toArray()),
      );
      expect(named.map((message) => message.type)).toEqual(['text-delta', 'round-finished', 'finished']);
    });
  });
});
