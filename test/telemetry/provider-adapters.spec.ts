import { ChatClient } from 'nestjs-tool-calling';
import { OPENAI_TEST_KEY, ANTHROPIC_TEST_KEY, weatherTools } from '../models/support/chat-test.helpers';
import { modelsUnderTest } from '../models/support/models-under-test';
import { fixture, jsonFixture } from '../models/support/provider-test.server';
import { OtelTestSdk, allAttributeText, shape } from './support/otel-test-sdk';
import { traced } from './support/telemetry-fixtures';

describe('GenAI spans of the provider adapters (their SDKs against a loopback server)', () => {
  let sdk: OtelTestSdk;
  const models = modelsUnderTest();

  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());
  beforeEach(() => sdk.reset());

  it('OpenAI: provider, models, response ids and usage from the wire, no API key anywhere', async () => {
    const model = await models.openAi([
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    ]);
    await ChatClient.create(model, { toolCallbacks: weatherTools() }, traced())
      .prompt('Weather in Paris?')
      .call()
      .content();

    const agent = sdk.trees()[0];
    expect(shape(agent)).toEqual({
      invoke_agent: ['chat gpt-4o-mini', 'execute_tool getWeather', 'chat gpt-4o-mini'],
    });
    expect(agent.attributes).toMatchObject({
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
      'gen_ai.response.id': 'chatcmpl-CX3Jh7Rt1cYp4Lm9Qa2Xz8Wn5Bv0K',
    });
    const last = agent.children[2];
    expect(last.attributes).toMatchObject({
      'gen_ai.usage.input_tokens': 98,
      'gen_ai.usage.output_tokens': 11,
    });
    expect(allAttributeText(sdk.finished())).not.toContain(OPENAI_TEST_KEY);
  });

  it('Anthropic, streamed: the chat spans end with the stream; the SDK’s own API-call span nests under each', async () => {
    const model = await models.anthropic([
      { sse: fixture('anthropic', 'weather-tool-use.sse') },
      { sse: fixture('anthropic', 'weather-answer.sse') },
    ]);
    const chat = ChatClient.create(model, { toolCallbacks: weatherTools() }, traced());
    for await (const text of chat.prompt('Weather in Paris?').stream().content())
      expect(typeof text).toBe('string');

    const agent = sdk.trees()[0];
    // The Anthropic SDK records a span per API call itself: made while the stream is read, it lands under `chat`.
    const sdkCall = { 'chat claude-sonnet-5-5': ['anthropic.messages.create'] };
    expect(shape(agent)).toEqual({ invoke_agent: [sdkCall, 'execute_tool getWeather', sdkCall] });
    const [first] = agent.children;
    expect(first.attributes['gen_ai.provider.name']).toBe('anthropic');
    expect(first.attributes['gen_ai.response.id']).toEqual(expect.stringMatching(/^msg_/));
    expect(first.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(first.attributes['gen_ai.response.finish_reasons']).toEqual(['tool_calls']);
    expect(allAttributeText(sdk.finished())).not.toContain(ANTHROPIC_TEST_KEY);
  });

  it.each([
    ['OpenAI Responses', 'openai', 'gpt-4.1-mini', 'openai-responses', () => models.openAiResponses],
    ['Azure OpenAI', 'azure.ai.openai', 'weather-gpt', 'openai', () => models.azure],
    ['Gemini', 'gcp.gemini', 'gemini-2.5-flash', 'gemini', () => models.gemini],
  ] as const)(
    '%s: gen_ai.provider.name %s, the model asked, usage from the wire',
    async (_, provider, modelName, fixtures, make) => {
      const model = await make()([
        { json: jsonFixture(fixtures, 'weather-tool-call.json') },
        { json: jsonFixture(fixtures, 'weather-answer.json') },
      ]);
      await ChatClient.create(model, { toolCallbacks: weatherTools() }, traced())
        .prompt('Weather in Paris?')
        .call()
        .content();

      const agent = sdk.trees()[0];
      expect(shape(agent)).toEqual({
        invoke_agent: [`chat ${modelName}`, 'execute_tool getWeather', `chat ${modelName}`],
      });
      expect(agent.attributes['gen_ai.provider.name']).toBe(provider);
      expect(agent.children[0].attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    },
  );

  it('records a provider error’s type on the chat span', async () => {
    const model = await models.openAi([{ status: 429, json: jsonFixture('openai', 'error-429.json') }]);
    await expect(ChatClient.create(model, {}, traced()).prompt('Hi').call().content()).rejects.toThrow();
    const agent = sdk.trees()[0];
    expect(agent.children[0].attributes['error.type']).toBe('ChatModelRateLimitError');
    expect(agent.children[0].status.message).not.toContain(OPENAI_TEST_KEY);
    expect(agent.attributes['error.type']).toBe('ChatModelRateLimitError');
  });
});
