import {
  ChatClient,
  DuplicateToolNameError,
  FunctionToolCallback,
  InvalidChatRequestError,
  MethodToolCallbackProvider,
  ToolCallingManager,
  ToolNameResolutionError,
  assistantMessage,
  systemMessage,
  toolResponseMessage,
  userMessage,
  type ToolCallback,
  type ToolCallbackProvider,
  type ToolCallbackResolver,
  type ToolContext,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OtherWeatherTools, WeatherTools, usage } from './fixtures';

describe('ChatClient', () => {
  it('runs the four-round weather exchange of the seed articles', async () => {
    const weather = new WeatherTools();
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_123', name: 'get_weather', arguments: '{"city": "北京"}' }] },
      '北京今天晴天，温度 25°C，适合出游',
    ]);
    const chat = ChatClient.create(model, { system: '你是一个助手', tools: [weather] });

    const answer = await chat.prompt().user('北京今天天气怎么样？').call().content();

    expect(answer).toBe('北京今天晴天，温度 25°C，适合出游');
    expect(weather.cities).toEqual(['北京']);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].messages).toEqual([
      systemMessage('你是一个助手'),
      userMessage('北京今天天气怎么样？'),
    ]);
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['get_weather', 'getAirQuality']);
    expect(model.requests[1].messages).toEqual([
      systemMessage('你是一个助手'),
      userMessage('北京今天天气怎么样？'),
      assistantMessage('', [{ id: 'call_123', name: 'get_weather', arguments: '{"city": "北京"}' }]),
      toolResponseMessage([
        { id: 'call_123', name: 'get_weather', result: '北京: sunny, 25°C', isError: false },
      ]),
    ]);
  });

  it('chains three rounds and reports the full history, the tool calls made and the usage summed', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], usage: usage(10, 5) },
      { toolCalls: [{ name: 'getAirQuality', arguments: { city: 'Paris' } }], usage: usage(20, 6) },
      { text: 'Sunny and clean air.', usage: usage(30, 7) },
    ]);
    const chat = ChatClient.create(model, { tools: [new WeatherTools()] });

    const response = await chat.prompt('Paris?').call().chatResponse();

    expect(response.text).toBe('Sunny and clean air.');
    expect(response.finishReason).toBe('stop');
    expect(response.rounds).toBe(3);
    expect(response.usage).toEqual({ promptTokens: 60, completionTokens: 18, totalTokens: 78 });
    expect(response.history.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(response.history[5]).toBe(response.message);
    expect(response.toolExecutions).toEqual([
      {
        round: 1,
        toolCall: { id: 'call_1_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        toolResponse: { id: 'call_1_1', name: 'get_weather', result: 'Paris: sunny, 25°C', isError: false },
      },
      {
        round: 2,
        toolCall: { id: 'call_2_1', name: 'getAirQuality', arguments: '{"city":"Paris"}' },
        toolResponse: { id: 'call_2_1', name: 'getAirQuality', result: 'Paris: AQI 50', isError: false },
      },
    ]);
    expect(response.pendingToolCalls).toEqual([]);
    expect(response.returnDirect).toBeUndefined();
  });

  it('shares one run between content() and chatResponse() of the same call()', async () => {
    const model = new ScriptedChatModel(['once']);
    const call = ChatClient.create(model).prompt('hi').call();
    expect(await call.content()).toBe('once');
    expect((await call.chatResponse()).text).toBe('once');
    expect(model.requests).toHaveLength(1);
  });

  describe('request building', () => {
    it('puts the system text first, then the messages, then the user text; options merge over the defaults', async () => {
      const model = new ScriptedChatModel(['ok']);
      const chat = ChatClient.create(model, {
        system: 'default system',
        options: { temperature: 0.2, model: 'small', providerOptions: { a: 1, b: 1 } },
      });
      await chat
        .prompt()
        .system('request system')
        .messages(userMessage('earlier'), [assistantMessage('answer')])
        .user('now')
        .options({ model: 'large', providerOptions: { b: 2 } })
        .call()
        .content();
      expect(model.lastRequest!.messages).toEqual([
        systemMessage('request system'),
        userMessage('earlier'),
        assistantMessage('answer'),
        userMessage('now'),
      ]);
      expect(model.lastRequest!.options).toEqual({
        temperature: 0.2,
        model: 'large',
        providerOptions: { a: 1, b: 2 },
      });
    });

    it('leaves the default system text out when the messages start with a system message', async () => {
      const model = new ScriptedChatModel(['ok']);
      const chat = ChatClient.create(model, { system: 'default system' });
      await chat.prompt().messages(systemMessage('kept'), userMessage('hi')).call().content();
      expect(model.lastRequest!.messages).toEqual([systemMessage('kept'), userMessage('hi')]);
    });

    it('refuses a request without any message', async () => {
      const chat = ChatClient.create(new ScriptedChatModel([]));
      const call = chat.prompt().call().content();
      await expect(call).rejects.toThrow(InvalidChatRequestError);
      await expect(call).rejects.toThrow(
        'The request has no message to send: add one with .user(text), .system(text) or .messages(...)',
      );
    });

    it('refuses what is not an object with @Tool methods in .tools(), naming it', () => {
      const chat = ChatClient.create(new ScriptedChatModel([]));
      const callback = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
      expect(() => chat.prompt().tools(WeatherTools)).toThrow(
        '.tools() takes objects whose class has @Tool() methods, but received the class WeatherTools itself; ' +
          'pass an instance; pass ToolCallbacks and ToolCallbackProviders with .toolCallbacks() instead',
      );
      expect(() => chat.prompt().tools(callback)).toThrow(
        '.tools() takes objects whose class has @Tool() methods, but received a ToolCallback; ' +
          'pass ToolCallbacks and ToolCallbackProviders with .toolCallbacks() instead',
      );
      expect(() => chat.prompt().tools(new Date())).toThrow(
        'Date has no @Tool() methods; pass objects whose class declares tools',
      );
    });

    it('refuses what is neither a callback nor a provider in .toolCallbacks() and in the defaults', () => {
      const model = new ScriptedChatModel([]);
      const expected =
        '.toolCallbacks() takes ToolCallbacks and ToolCallbackProviders, but received an instance of WeatherTools; ' +
        'pass objects with @Tool() methods with .tools() instead';
      expect(() =>
        ChatClient.create(model)
          .prompt()
          .toolCallbacks(new WeatherTools() as never),
      ).toThrow(expected);
      expect(() => ChatClient.create(model, { toolCallbacks: [new WeatherTools() as never] })).toThrow(
        expected,
      );
    });
  });

  describe('tools of a request', () => {
    it('asks providers for their callbacks on each call, never before', async () => {
      const ping = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
      const pong = FunctionToolCallback.from({ name: 'pong', fn: () => 'ping' });
      const defaultProvider = { getToolCallbacks: jest.fn(() => [ping]) };
      const requestProvider = { getToolCallbacks: jest.fn(async () => [pong]) };
      const model = new ScriptedChatModel(['one', 'two']);
      const chat = ChatClient.create(model, { toolCallbacks: [defaultProvider] });

      const call = chat.prompt('hi').toolCallbacks(requestProvider).call();
      expect(defaultProvider.getToolCallbacks).not.toHaveBeenCalled();
      expect(requestProvider.getToolCallbacks).not.toHaveBeenCalled();

      await call.content();
      expect(defaultProvider.getToolCallbacks).toHaveBeenCalledTimes(1);
      expect(requestProvider.getToolCallbacks).toHaveBeenCalledTimes(1);
      expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual(['ping', 'pong']);

      await chat.prompt('again').call().content();
      expect(defaultProvider.getToolCallbacks).toHaveBeenCalledTimes(2);
      expect(requestProvider.getToolCallbacks).toHaveBeenCalledTimes(1);
    });

    it('asks a provider once per call, however many rounds the call makes', async () => {
      const provider: ToolCallbackProvider & { getToolCallbacks: jest.Mock } = {
        getToolCallbacks: jest.fn(() => [FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' })]),
      };
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'ping' }] },
        { toolCalls: [{ name: 'ping' }] },
        'done',
      ]);
      await ChatClient.create(model, { toolCallbacks: [provider] })
        .prompt('go')
        .call()
        .content();
      expect(model.requests).toHaveLength(3);
      expect(provider.getToolCallbacks).toHaveBeenCalledTimes(1);
    });

    it('refuses the same name from the defaults and the request, naming both sources', async () => {
      const chat = ChatClient.create(new ScriptedChatModel(['never']), { tools: [new WeatherTools()] });
      const call = chat.prompt('hi').tools(new OtherWeatherTools()).call().content();
      await expect(call).rejects.toThrow(DuplicateToolNameError);
      await expect(call).rejects.toThrow(
        'duplicate tool names: "get_weather" is defined by WeatherTools.getWeather, OtherWeatherTools.weather',
      );
    });

    it('refuses duplicate names among the defaults when the client is made', () => {
      expect(() =>
        ChatClient.create(new ScriptedChatModel([]), {
          tools: [new WeatherTools(), new OtherWeatherTools()],
        }),
      ).toThrow(
        'duplicate tool names: "get_weather" is defined by WeatherTools.getWeather, OtherWeatherTools.weather',
      );
    });

    it('keeps a tool given twice (the same object) once', async () => {
      const weather = new WeatherTools();
      const model = new ScriptedChatModel(['ok']);
      await ChatClient.create(model, { tools: [weather] })
        .prompt('hi')
        .tools(weather)
        .call()
        .content();
      expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual(['get_weather', 'getAirQuality']);
    });

    it('resolves tool names through the resolver, and names every name that does not resolve', async () => {
      const ping = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
      const resolver: ToolCallbackResolver = { resolve: (name) => (name === 'ping' ? ping : undefined) };
      const model = new ScriptedChatModel(['ok']);
      const chat = ChatClient.create(model, {}, { toolCallingManager: { resolver } });

      await chat.prompt('hi').toolNames('ping').call().content();
      expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual(['ping']);

      const missing = chat.prompt('hi').toolNames('ping', 'nope', 'gone').call().content();
      await expect(missing).rejects.toThrow(ToolNameResolutionError);
      await expect(missing).rejects.toThrow(
        'No tool is registered under the names "nope", "gone" (given with toolNames). Check the spelling, or register the tool.',
      );
    });

    it('explains that tool names need a resolver', async () => {
      const call = ChatClient.create(new ScriptedChatModel([]))
        .prompt('hi')
        .toolNames('ping')
        .call()
        .content();
      await expect(call).rejects.toThrow(
        'Tool names cannot be resolved without a ToolCallbackResolver: "ping" (given with toolNames). Use ' +
          'ToolCallingModule, give the ToolCallingManager a resolver, or pass the tools themselves with .tools() or ' +
          '.toolCallbacks().',
      );
    });

    it('never resolves a name the model sends, even when the resolver knows it', async () => {
      const deleteAll = jest.fn(() => 'deleted');
      const resolve = jest.fn((name: string): ToolCallback | undefined =>
        name === 'deleteAll' ? FunctionToolCallback.from({ name: 'deleteAll', fn: deleteAll }) : undefined,
      );
      const model = new ScriptedChatModel([{ toolCalls: [{ name: 'deleteAll' }] }, 'ok']);
      const chat = ChatClient.create(
        model,
        { tools: [new WeatherTools()] },
        { toolCallingManager: { resolver: { resolve } } },
      );

      await chat.prompt('hi').call().content();

      expect(resolve).not.toHaveBeenCalled();
      expect(deleteAll).not.toHaveBeenCalled();
      expect(model.requests[1].messages[2]).toEqual(
        toolResponseMessage([
          {
            id: 'call_1_1',
            name: 'deleteAll',
            result:
              'Unknown tool "deleteAll". The available tools are: "get_weather", "getAirQuality". Call one of them, ' +
              'or answer without a tool.',
            isError: true,
          },
        ]),
      );
    });
  });

  describe('tool context', () => {
    it('merges the request context over the defaults, hands it to the tool, and never sends it to the model', async () => {
      const weather = new WeatherTools();
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] },
        'done',
      ]);
      const chat = ChatClient.create(model, {
        tools: [weather],
        toolContext: { tenantId: 'tenant-default-7f3a', locale: 'locale-fr-91c2' },
      });
      await chat
        .prompt('hi')
        .toolContext({ tenantId: 'tenant-request-52bd', apiKey: 'secret-key-e81f' })
        .call()
        .content();

      const [first, second] = weather.contexts;
      expect(first.toObject()).toEqual({
        tenantId: 'tenant-request-52bd',
        locale: 'locale-fr-91c2',
        apiKey: 'secret-key-e81f',
      });
      expect(first.toolName).toBe('get_weather');
      expect(first.signal).toBeInstanceOf(AbortSignal);
      const everythingSent = JSON.stringify(model.requests);
      for (const value of [
        'tenant-default-7f3a',
        'locale-fr-91c2',
        'tenant-request-52bd',
        'secret-key-e81f',
      ]) {
        expect(everythingSent).not.toContain(value);
      }
      // One conversation object for the rounds of one call…
      expect(first.execution?.conversation).toBe(second.execution?.conversation);
      // …and a fresh one for the next call.
      const model2 = new ScriptedChatModel([
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
        'ok',
      ]);
      await chat.mutate({ chatModel: model2 }).prompt('again').call().content();
      expect(weather.contexts[2].execution?.conversation).not.toBe(first.execution?.conversation);
    });

    it('binds the context to the HTTP request: from the execution scope, or given with .request()', async () => {
      const contexts: ToolContext[] = [];
      const whoAsks = FunctionToolCallback.from({
        name: 'whoAsks',
        inputSchema: { type: 'object', properties: {} },
        fn: (_input: unknown, context: ToolContext) => {
          contexts.push(context);
          return 'noted';
        },
      });
      const script = [{ toolCalls: [{ name: 'whoAsks' }] }, 'ok'];
      const ambient = { url: '/ambient' };
      const explicit = { url: '/explicit' };
      const scope = jest.fn(() => ({ request: ambient }));
      const chat = ChatClient.create(
        new ScriptedChatModel([...script, ...script, ...script]),
        {
          toolCallbacks: [whoAsks],
        },
        { executionScope: scope },
      );

      await chat.prompt('hi').call().content();
      await chat.prompt('hi').request(explicit).call().content();
      await ChatClient.create(new ScriptedChatModel(script), { toolCallbacks: [whoAsks] })
        .prompt('hi')
        .call()
        .content();

      expect(contexts[0].execution?.request).toBe(ambient);
      expect(contexts[1].execution?.request).toBe(explicit);
      expect(contexts[2].execution).toEqual({ conversation: {} });
      expect(scope).toHaveBeenCalledTimes(1);
    });
  });

  describe('mutate()', () => {
    it('derives a client: system replaced, tools and context added, the original unchanged', async () => {
      const ping = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
      const model = new ScriptedChatModel(['a', 'b']);
      const base = ChatClient.create(model, {
        system: 'base',
        tools: [new WeatherTools()],
        toolContext: { a: 1 },
        options: { temperature: 0 },
      });
      const derived = base.mutate({ system: 'derived', toolCallbacks: [ping], toolContext: { b: 2 } });

      await derived.prompt('hi').call().content();
      expect(model.lastRequest!.messages[0]).toEqual(systemMessage('derived'));
      expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual([
        'get_weather',
        'getAirQuality',
        'ping',
      ]);
      expect(model.lastRequest!.options).toEqual({ temperature: 0 });
      expect(derived.defaults.toolContext).toEqual({ a: 1, b: 2 });
      expect(derived.toolCallingManager).toBe(base.toolCallingManager);

      await base.prompt('hi').call().content();
      expect(model.lastRequest!.messages[0]).toEqual(systemMessage('base'));
      expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual(['get_weather', 'getAirQuality']);
    });
  });

  describe('internal tool execution off', () => {
    it('returns the tool calls to the caller, who can run them with the manager and continue', async () => {
      const weather = new WeatherTools();
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
        'Sunny in Paris.',
      ]);
      const chat = ChatClient.create(model, { system: 'sys', tools: [weather] });

      const first = await chat.prompt('Paris?').internalToolExecution(false).call().chatResponse();
      expect(weather.cities).toEqual([]);
      expect(first.finishReason).toBe('tool_calls');
      expect(first.pendingToolCalls).toEqual([
        { id: 'call_1_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ]);

      const executed = await chat.toolCallingManager.executeToolCalls({
        history: first.history,
        message: first.message,
        tools: MethodToolCallbackProvider.from(weather).getToolCallbacks(),
      });
      expect(weather.cities).toEqual(['Paris']);
      expect(executed.returnDirect).toBe(false);

      const answer = await chat.prompt().messages(executed.conversationHistory).call().content();
      expect(answer).toBe('Sunny in Paris.');
      expect(model.lastRequest!.messages.map((message) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'tool',
      ]);
    });

    it('can be the manager default', async () => {
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      ]);
      const manager = new ToolCallingManager({ internalToolExecution: false });
      const chat = ChatClient.create(model, { tools: [new WeatherTools()] }, { toolCallingManager: manager });
      const response = await chat.prompt('Paris?').call().chatResponse();
      expect(response.pendingToolCalls.map((call) => call.name)).toEqual(['get_weather']);
    });
  });
});
