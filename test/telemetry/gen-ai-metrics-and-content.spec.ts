import { Test } from '@nestjs/testing';
import { ChatClient, ToolCallingModule, CAPTURE_MESSAGE_CONTENT_ENV } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OtelTestSdk, allAttributeText } from './support/otel-test-sdk';
import {
  CONTEXT_SECRET,
  supportClient,
  supportTools,
  traced,
  twoRoundScript,
} from './support/telemetry-fixtures';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';

describe('OpenTelemetry GenAI metrics and content capture', () => {
  let sdk: OtelTestSdk;
  const savedEnv = process.env[CAPTURE_MESSAGE_CONTENT_ENV];

  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());
  beforeEach(async () => {
    delete process.env[CAPTURE_MESSAGE_CONTENT_ENV];
    await sdk.reset();
  });
  afterEach(() => {
    if (savedEnv === undefined) delete process.env[CAPTURE_MESSAGE_CONTENT_ENV];
    else process.env[CAPTURE_MESSAGE_CONTENT_ENV] = savedEnv;
  });

  it('records operation duration and token usage per model request, tool duration by tool and outcome', async () => {
    await supportClient().prompt('Weather, time and ticket 42?').call().content();

    const durations = await sdk.histogram('gen_ai.client.operation.duration');
    expect(await sdk.unitOf('gen_ai.client.operation.duration')).toBe('s');
    expect(durations).toHaveLength(1);
    expect(durations[0].attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'ScriptedChatModel',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.response.model': 'gpt-test-2026-01',
    });
    expect(durations[0].value.count).toBe(3);

    const tokens = await sdk.histogram('gen_ai.client.token.usage');
    expect(await sdk.unitOf('gen_ai.client.token.usage')).toBe('{token}');
    const byType = Object.fromEntries(
      tokens.map((p) => [p.attributes['gen_ai.token.type'], { count: p.value.count, sum: p.value.sum }]),
    );
    expect(byType).toEqual({ input: { count: 3, sum: 450 }, output: { count: 3, sum: 45 } });
    expect(tokens[0].value.buckets.boundaries.slice(0, 3)).toEqual([1, 4, 16]);

    const tools = await sdk.histogram('gen_ai.execute_tool.duration');
    const outcomes = tools
      .map(
        (p) =>
          `${p.attributes['gen_ai.tool.name']}:${p.attributes['tool_calling.tool.outcome']}:${p.attributes['error.type'] ?? '-'}`,
      )
      .sort();
    expect(outcomes).toEqual(['getTime:success:-', 'getWeather:success:-', 'lookupTicket:error:TypeError']);
    expect(tools.every((p) => p.attributes['gen_ai.operation.name'] === 'execute_tool')).toBe(true);
  });

  it('keeps a name the model invented out of the metrics (their cardinality stays bounded)', async () => {
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'madeUp_9f2c', arguments: {} }] }, 'ok']),
      { toolCallbacks: supportTools() },
      traced(),
    );
    await chat.prompt('Hi').call().content();
    const [point] = await sdk.histogram('gen_ai.execute_tool.duration');
    expect(point.attributes).toMatchObject({
      'gen_ai.tool.name': '_OTHER',
      'error.type': 'UnknownToolCallError',
    });
    expect(sdk.finished().find((s) => s.name === 'execute_tool madeUp_9f2c')).toBeDefined();
  });

  it('records no content by default, and never the ToolContext', async () => {
    await supportClient().prompt('Weather in Paris?').call().content();
    const text = allAttributeText(sdk.finished());
    expect(text).not.toContain('gen_ai.input.messages');
    expect(text).not.toContain('gen_ai.output.messages');
    expect(text).not.toContain('gen_ai.tool.call.arguments');
    expect(text).not.toContain('gen_ai.tool.call.result');
    expect(text).not.toContain('Paris');
    expect(text).not.toContain(CONTEXT_SECRET);
  });

  it('records messages, tool arguments and results with captureContent, still without the ToolContext', async () => {
    const chat = ChatClient.create(
      new ScriptedChatModel(twoRoundScript()),
      {
        system: 'You are the support desk.',
        toolCallbacks: supportTools(),
        options: { model: 'gpt-test' },
        toolContext: { apiKey: CONTEXT_SECRET },
      },
      traced({ telemetry: new OpenTelemetryChatTelemetry({ captureContent: true }) }),
    );
    await chat.prompt('Weather in Paris?').call().content();

    const spans = sdk.finished();
    const agent = spans.find((s) => s.name === 'invoke_agent')!;
    expect(JSON.parse(agent.attributes['gen_ai.input.messages'] as string)).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
    ]);
    expect(JSON.parse(agent.attributes['gen_ai.system_instructions'] as string)).toEqual([
      { type: 'text', content: 'You are the support desk.' },
    ]);
    expect(JSON.parse(agent.attributes['gen_ai.output.messages'] as string)).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'text', content: 'Sunny in Paris at 10:00; the ticket store is down.' }],
        finish_reason: 'stop',
      },
    ]);
    const [firstChat, secondChat] = spans.filter((s) => s.name === 'chat gpt-test');
    expect(JSON.parse(firstChat.attributes['gen_ai.output.messages'] as string)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'tool_call', id: 'call-1', name: 'getWeather', arguments: { city: 'Paris' } },
          { type: 'tool_call', id: 'call-2', name: 'getTime', arguments: { city: 'Paris' } },
        ],
        finish_reason: 'tool_calls',
      },
    ]);
    const secondInput = JSON.parse(secondChat.attributes['gen_ai.input.messages'] as string);
    expect(secondInput[2]).toEqual({
      role: 'tool',
      parts: [
        { type: 'tool_call_response', id: 'call-1', response: 'Paris: sunny (17)' },
        { type: 'tool_call_response', id: 'call-2', response: 'Paris: 10:00' },
      ],
    });
    expect(JSON.parse(firstChat.attributes['gen_ai.tool.definitions'] as string)[0]).toMatchObject({
      type: 'function',
      name: 'getWeather',
      parameters: { type: 'object' },
    });
    const weather = spans.find((s) => s.name === 'execute_tool getWeather')!;
    expect(weather.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Paris"}');
    expect(weather.attributes['gen_ai.tool.call.result']).toBe('Paris: sunny (17)');
    expect(allAttributeText(spans)).not.toContain(CONTEXT_SECRET);
  });

  it(`records content when ${CAPTURE_MESSAGE_CONTENT_ENV}=true, unless the option says false`, async () => {
    process.env[CAPTURE_MESSAGE_CONTENT_ENV] = 'true';
    await supportClient().prompt('Weather in Paris?').call().content();
    expect(
      sdk.finished().find((s) => s.name === 'invoke_agent')!.attributes['gen_ai.input.messages'],
    ).toBeDefined();

    await sdk.reset();
    await supportClient(twoRoundScript(), {
      telemetry: new OpenTelemetryChatTelemetry({ captureContent: false }),
    })
      .prompt('Hi')
      .call()
      .content();
    expect(allAttributeText(sdk.finished())).not.toContain('gen_ai.input.messages');
  });

  it('takes the module’s telemetry option', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ToolCallingModule.forRoot({
          discovery: false,
          chatModel: new ScriptedChatModel(twoRoundScript()),
          toolCallbacks: supportTools(),
          telemetry: { captureContent: true },
        }),
      ],
    }).compile();
    const app = await moduleRef.createNestApplication({ logger: false }).init();
    try {
      await app.get(ChatClient).prompt('Weather in Paris?').call().content();
      const weather = sdk.finished().find((s) => s.name === 'execute_tool getWeather')!;
      expect(weather.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Paris"}');
    } finally {
      await app.close();
    }
  });
});
