import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ToolCallingLimitError } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { ChatClient } from 'nestjs-tool-calling';
import { deferred, noInputTool, usage } from '../chat/fixtures';
import { OtelTestSdk, shape, type SpanNode } from './support/otel-test-sdk';
import { inRequestSpan, supportClient, supportTools, traced } from './support/telemetry-fixtures';

describe('OpenTelemetry GenAI spans of a chat call', () => {
  let sdk: OtelTestSdk;

  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());
  beforeEach(() => sdk.reset());

  function byName(node: SpanNode, name: string): SpanNode[] {
    return node.children.filter((child) => child.name === name);
  }

  it('nests invoke_agent, chat and execute_tool spans under the active span, with the conventions’ attributes', async () => {
    const answer = await inRequestSpan(() =>
      supportClient().prompt('Weather, time and ticket 42?').call().content(),
    );
    expect(answer).toBe('Sunny in Paris at 10:00; the ticket store is down.');

    const [root, ...others] = sdk.trees();
    expect(others).toEqual([]);
    expect(shape(root)).toEqual({
      'GET /chat': [
        {
          invoke_agent: [
            'chat gpt-test',
            'execute_tool getWeather',
            'execute_tool getTime',
            'chat gpt-test',
            'execute_tool lookupTicket',
            'chat gpt-test',
          ],
        },
      ],
    });
    const agent = root.children[0];
    expect(agent.kind).toBe(SpanKind.INTERNAL);
    expect(agent.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'ScriptedChatModel',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.response.model': 'gpt-test-2026-01',
      'gen_ai.response.id': 'resp-3',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 450,
      'gen_ai.usage.output_tokens': 45,
      'tool_calling.rounds': 3,
      'tool_calling.stop_reason': 'answered',
      'tool_calling.streaming': false,
    });
    expect(agent.status.code).toBe(SpanStatusCode.UNSET);

    const chats = byName(agent, 'chat gpt-test');
    expect(chats.map((c) => c.kind)).toEqual([SpanKind.CLIENT, SpanKind.CLIENT, SpanKind.CLIENT]);
    expect(chats[0].attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'ScriptedChatModel',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.response.model': 'gpt-test-2026-01',
      'gen_ai.response.id': 'resp-1',
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 20,
      'tool_calling.round': 1,
      'tool_calling.streaming': false,
    });
    expect(chats.map((c) => c.attributes['tool_calling.round'])).toEqual([1, 2, 3]);
    expect(chats[2].attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);

    const [weather] = byName(agent, 'execute_tool getWeather');
    expect(weather.kind).toBe(SpanKind.INTERNAL);
    expect(weather.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.provider.name': 'ScriptedChatModel',
      'gen_ai.tool.name': 'getWeather',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'Current weather of a city',
      'tool_calling.round': 1,
      'tool_calling.tool.outcome': 'success',
    });
    expect(weather.status.code).toBe(SpanStatusCode.UNSET);
    const [ticket] = byName(agent, 'execute_tool lookupTicket');
    expect(ticket.attributes).toMatchObject({
      'gen_ai.tool.call.id': 'call-3',
      'tool_calling.round': 2,
      'error.type': 'TypeError',
      'tool_calling.tool.outcome': 'error',
    });
    // What the tool threw may carry application data: only its type is recorded by default.
    expect(ticket.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
  });

  it('gives each failure of a tool call its error.type: invalid input, unknown tool, timeout, denied, limit', async () => {
    const slow = noInputTool('slowTool', () => new Promise(() => undefined), { timeoutMs: 20 });
    const forbidden = noInputTool('forbiddenTool', () => {
      // What a guard's denial becomes when tools run as Nest handlers (the library's ToolCallForbiddenError).
      throw Object.assign(new Error('not permitted'), { name: 'ToolCallForbiddenError' });
    });
    const guarded = noInputTool('guardedTool', () => {
      // What a Nest guard's denial looks like (an HttpException with status 403).
      throw Object.assign(new Error('Forbidden resource'), {
        name: 'ForbiddenException',
        getStatus: () => 403,
      });
    });
    const chat = ChatClient.create(
      new ScriptedChatModel([
        {
          toolCalls: [
            { id: 'c1', name: 'getWeather', arguments: { town: 'Paris' } },
            { id: 'c2', name: 'sendEmail', arguments: {} },
            { id: 'c3', name: 'slowTool', arguments: {} },
            { id: 'c4', name: 'getTime', arguments: { city: 'Rome' } },
            { id: 'c5', name: 'guardedTool', arguments: {} },
            { id: 'c6', name: 'getTime', arguments: { city: 'Oslo' } },
            { id: 'c7', name: 'forbiddenTool', arguments: {} },
          ],
        },
        'Done.',
      ]),
      {
        toolCallbacks: [...supportTools(), slow, guarded, forbidden],
        hooks: {
          beforeToolCall: ({ toolCall }) =>
            toolCall.arguments.includes('Rome') ? { action: 'deny', message: 'Not Rome.' } : undefined,
        },
      },
      traced({ limits: { maxCallsPerTool: 1, onLimit: 'tell-model' } }),
    );
    await chat.prompt('Go').call().content();

    const agent = sdk.trees()[0];
    const tools = Object.fromEntries(
      agent.children
        .filter((c) => c.name.startsWith('execute_tool'))
        .map((c) => [c.attributes['gen_ai.tool.call.id'], c.attributes]),
    );
    const summary = (id: string) => [tools[id]['error.type'], tools[id]['tool_calling.tool.outcome']];
    expect(summary('c1')).toEqual(['InvalidToolInputError', 'invalid_input']);
    expect(summary('c2')).toEqual(['UnknownToolCallError', 'unknown_tool']);
    expect(tools.c2['gen_ai.tool.name']).toBe('sendEmail');
    expect(summary('c3')).toEqual(['ToolTimeoutError', 'timeout']);
    expect(summary('c4')).toEqual(['denied', 'denied']);
    expect(summary('c5')).toEqual(['ForbiddenException', 'denied']);
    expect(summary('c6')).toEqual(['ToolCallingLimitError', 'limit']);
    expect(summary('c7')).toEqual(['ToolCallForbiddenError', 'denied']);
    expect(agent.attributes['tool_calling.limits_hit']).toEqual(['maxCallsPerTool']);
  });

  it('survives whatever a tool throws (a revoked proxy): the call goes on, the span says _OTHER', async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = noInputTool('hostile', () => {
      throw proxy;
    });
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'hostile' }] }, 'recovered']),
      {
        toolCallbacks: [hostile],
      },
      traced(),
    );
    await expect(chat.prompt('Go').call().content()).resolves.toBe('recovered');
    const tool = sdk.trees()[0].children.find((c) => c.name === 'execute_tool hostile')!;
    expect(tool.attributes).toMatchObject({ 'error.type': '_OTHER', 'tool_calling.tool.outcome': 'error' });
  });

  it('records a limit that ends the call on the invoke_agent span, with every span ended', async () => {
    const chat = ChatClient.create(
      new ScriptedChatModel([
        { toolCalls: [{ name: 'getTime', arguments: { city: 'Paris' } }] },
        { toolCalls: [{ name: 'getTime', arguments: { city: 'Rome' } }] },
      ]),
      { toolCallbacks: supportTools() },
      traced({ limits: { maxRounds: 2 } }),
    );
    await expect(chat.prompt('Loop').call().content()).rejects.toBeInstanceOf(ToolCallingLimitError);

    const agent = sdk.trees()[0];
    expect(shape(agent)).toEqual({ invoke_agent: ['chat', 'execute_tool getTime', 'chat'] });
    expect(agent.attributes).toMatchObject({
      'error.type': 'ToolCallingLimitError',
      'tool_calling.limits_hit': ['maxRounds'],
      'tool_calling.rounds': 2,
    });
    expect(agent.status.code).toBe(SpanStatusCode.ERROR);
    expect(agent.status.message).toMatch(/maxRounds/);
  });

  it('records a failed model request on its chat span and the call', async () => {
    const chat = ChatClient.create(new ScriptedChatModel([]), { options: { model: 'm1' } }, traced());
    await expect(chat.prompt('Hi').call().content()).rejects.toThrow();
    const agent = sdk.trees()[0];
    expect(shape(agent)).toEqual({ invoke_agent: ['chat m1'] });
    expect(agent.children[0].attributes['error.type']).toBe('ScriptExhaustedError');
    expect(agent.attributes['error.type']).toBe('ScriptExhaustedError');
  });

  it('ends the spans of a streamed call when the stream ends', async () => {
    const events: string[] = [];
    await inRequestSpan(async () => {
      for await (const event of supportClient().prompt('Weather?').stream().events()) events.push(event.type);
    });
    expect(events[events.length - 1]).toBe('finished');
    const [root] = sdk.trees();
    const agent = root.children[0];
    expect(shape(agent)).toEqual({
      invoke_agent: [
        'chat gpt-test',
        'execute_tool getWeather',
        'execute_tool getTime',
        'chat gpt-test',
        'execute_tool lookupTicket',
        'chat gpt-test',
      ],
    });
    expect(agent.attributes).toMatchObject({
      'tool_calling.streaming': true,
      'gen_ai.usage.input_tokens': 450,
      'gen_ai.response.finish_reasons': ['stop'],
    });
    const chats = agent.children.filter((c) => c.name.startsWith('chat'));
    expect(chats.map((c) => c.attributes['tool_calling.streaming'])).toEqual([true, true, true]);
    expect(chats[1].attributes['gen_ai.usage.output_tokens']).toBe(10);
  });

  it('ends the spans of a stream left early as aborted', async () => {
    const chat = ChatClient.create(new ScriptedChatModel(['A long answer, in many chunks.']), {}, traced());
    for await (const event of chat.prompt('Hi').stream().events()) {
      if (event.type === 'text-delta') break;
    }
    const agent = sdk.trees()[0];
    expect(shape(agent)).toEqual({ invoke_agent: ['chat'] });
    expect(agent.attributes['error.type']).toBe('AbortError');
    expect(agent.children[0].attributes['error.type']).toBe('AbortError');
    expect(agent.children[0].status.code).toBe(SpanStatusCode.ERROR);
  });

  it('ends the spans of an aborted call, the running tool’s included', async () => {
    const started = deferred();
    const blocking = noInputTool('waitForever', (context) => {
      started.resolve();
      return new Promise((_, reject) =>
        context.signal?.addEventListener('abort', () => reject(context.signal!.reason)),
      );
    });
    const controller = new AbortController();
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'waitForever' }] }, 'never']),
      {
        toolCallbacks: [blocking],
      },
      traced(),
    );
    const call = chat.prompt('Wait').signal(controller.signal).call().content();
    await started.promise;
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });

    const agent = sdk.trees()[0];
    expect(shape(agent)).toEqual({ invoke_agent: ['chat', 'execute_tool waitForever'] });
    expect(agent.attributes['error.type']).toBe('AbortError');
    expect(agent.children[1].attributes).toMatchObject({
      'error.type': 'AbortError',
      'tool_calling.tool.outcome': 'aborted',
    });
  });

  it('records nothing with no telemetry or telemetry: false (the module gives the OpenTelemetry one)', async () => {
    const script = () => new ScriptedChatModel([{ text: 'Hi', usage: usage(1, 1) }]);
    await ChatClient.create(script()).prompt('Hi').call().content();
    await ChatClient.create(script(), {}, { toolCallingManager: { telemetry: false } })
      .prompt('Hi')
      .call()
      .content();
    expect(sdk.finished()).toEqual([]);
    expect(await sdk.histogram('gen_ai.client.operation.duration')).toEqual([]);
  });
});
