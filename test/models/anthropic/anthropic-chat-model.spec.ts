import { inspect } from 'node:util';
import { assistantMessage, systemMessage, toolResponseMessage, userMessage } from 'nestjs-tool-calling';
import { DEFAULT_ANTHROPIC_MAX_TOKENS } from 'nestjs-tool-calling/anthropic';
import { ANTHROPIC_TEST_KEY, prompt, weatherTools } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

describe('AnthropicChatModel.call', () => {
  const models = modelsUnderTest();
  const model = models.anthropic;
  const server = () => models.server();

  it('sends the system prompt apart and the default max_tokens, and returns text, usage and metadata', async () => {
    const chat = await model([{ json: jsonFixture('anthropic', 'text.json') }]);

    const response = await chat.call(
      prompt({
        messages: [systemMessage('You are terse.'), userMessage('Hello'), systemMessage('Be kind.')],
      }),
    );

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello! How can I help you today?', toolCalls: [] },
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 11, totalTokens: 23 },
      metadata: { id: 'msg_01XFDUDYJgAACzvnptvVoYEL', model: 'claude-sonnet-5-5', finishReason: 'end_turn' },
    });
    const [request] = server().requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/messages');
    // This SDK version sends the API key as a bearer token.
    expect(request.headers.authorization).toBe(`Bearer ${ANTHROPIC_TEST_KEY}`);
    expect(request.headers['anthropic-version']).toBeDefined();
    expect(request.body).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
      system: 'You are terse.\n\nBe kind.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      stream: false,
    });
    expect(DEFAULT_ANTHROPIC_MAX_TOKENS).toBe(4096);
  });

  it('returns the text and the tool_use block as a tool call, and sends the tools with input_schema', async () => {
    const chat = await model([{ json: jsonFixture('anthropic', 'weather-tool-use.json') }]);
    const [weather] = weatherTools();

    const response = await chat.call(
      prompt({ messages: [userMessage('Weather in Paris?')], tools: [weather.getToolDefinition()] }),
    );

    expect(response.message).toEqual({
      role: 'assistant',
      content: "I'll check the weather in Paris.",
      toolCalls: [{ id: 'toolu_01A09q90qw90lq917835lq9', name: 'getWeather', arguments: '{"city":"Paris"}' }],
    });
    expect(response.finishReason).toBe('tool_calls');
    expect(server().body(0).tools).toEqual([
      {
        name: 'getWeather',
        description: 'Current weather of a city',
        input_schema: weather.getToolDefinition().inputSchema,
      },
    ]);
    expect(server().body(0)).not.toHaveProperty('tool_choice');
  });

  it('returns parallel tool calls, one without parameters, and counts cached prompt tokens', async () => {
    const chat = await model([{ json: jsonFixture('anthropic', 'parallel-tool-use.json') }]);

    const response = await chat.call(prompt({ messages: [userMessage('Paris, Tokyo, and the time?')] }));

    expect(response.message).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'toolu_01Paris', name: 'getWeather', arguments: '{"city":"Paris"}' },
        { id: 'toolu_01Tokyo', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
        { id: 'toolu_01Clock', name: 'getTime', arguments: '{}' },
      ],
    });
    expect(response.usage).toEqual({ promptTokens: 540, completionTokens: 96, totalTokens: 636 });
  });

  it('sends tool_use blocks and merges consecutive tool results into one user message, is_error included', async () => {
    const chat = await model([{ json: jsonFixture('anthropic', 'weather-answer.json') }]);

    await chat.call(
      prompt({
        messages: [
          userMessage('Paris and Tokyo?'),
          assistantMessage('Checking both.', [
            { id: 'toolu_01Paris', name: 'getWeather', arguments: '{"city":"Paris"}' },
            { id: 'toolu_01Tokyo', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
          ]),
          toolResponseMessage([
            { id: 'toolu_01Paris', name: 'getWeather', result: 'Paris: sunny, 25°C', isError: false },
          ]),
          toolResponseMessage([
            { id: 'toolu_01Tokyo', name: 'getWeather', result: 'city not found', isError: true },
          ]),
          userMessage('And tomorrow?'),
          assistantMessage('', [{ id: 'toolu_01Bad', name: 'getWeather', arguments: '{not json' }]),
          toolResponseMessage([{ id: 'toolu_01Bad', name: 'getWeather', result: 'bad JSON', isError: true }]),
        ],
      }),
    );

    expect(server().body(0).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Paris and Tokyo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'toolu_01Paris', name: 'getWeather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_01Tokyo', name: 'getWeather', input: { city: 'Tokyo' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01Paris', content: 'Paris: sunny, 25°C' },
          { type: 'tool_result', tool_use_id: 'toolu_01Tokyo', content: 'city not found', is_error: true },
          { type: 'text', text: 'And tomorrow?' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_01Bad', name: 'getWeather', input: {} }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_01Bad', content: 'bad JSON', is_error: true }],
      },
    ]);
  });

  it('sends the options; parallelToolCalls false becomes disable_parallel_tool_use', async () => {
    const chat = await model([{ json: jsonFixture('anthropic', 'text.json') }], {
      maxTokens: 1000,
      defaultOptions: { temperature: 0.3, providerOptions: { metadata: { user_id: 'u-1' } } },
    });
    const [weather] = weatherTools();

    await chat.call(
      prompt({
        messages: [userMessage('Hi')],
        tools: [weather.getToolDefinition()],
        options: {
          model: 'claude-haiku-5-5',
          topP: 0.8,
          stop: ['END'],
          toolChoice: 'required',
          parallelToolCalls: false,
          providerOptions: { top_k: 5 },
        },
      }),
    );

    expect(server().body(0)).toEqual({
      metadata: { user_id: 'u-1' },
      top_k: 5,
      model: 'claude-haiku-5-5',
      max_tokens: 1000,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      temperature: 0.3,
      top_p: 0.8,
      stop_sequences: ['END'],
      tools: [expect.objectContaining({ name: 'getWeather' })],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      stream: false,
    });
  });

  it.each([
    [{ parallelToolCalls: false }, { type: 'auto', disable_parallel_tool_use: true }],
    [{ toolChoice: 'auto' }, { type: 'auto' }],
    [{ toolChoice: 'none', parallelToolCalls: false }, { type: 'none' }],
    [{ toolChoice: { name: 'getWeather' } }, { type: 'tool', name: 'getWeather' }],
  ] as const)('maps tool choice %j to %j', async (options, expected) => {
    const chat = await model([{ json: jsonFixture('anthropic', 'text.json') }]);

    await chat.call(
      prompt({ messages: [userMessage('Hi')], tools: [weatherTools()[0].getToolDefinition()], options }),
    );

    expect(server().body(0).tool_choice).toEqual(expected);
    expect(server().body(0).max_tokens).toBe(DEFAULT_ANTHROPIC_MAX_TOKENS);
  });

  it('reads a zero usage with the max_tokens stop reason, and a response without usage', async () => {
    const chat = await model([
      { json: jsonFixture('anthropic', 'zero-usage-max-tokens.json') },
      { json: jsonFixture('anthropic', 'no-usage.json') },
    ]);

    const zero = await chat.call(prompt({ messages: [userMessage('Hi')] }));
    const none = await chat.call(prompt({ messages: [userMessage('Hi')] }));

    expect(zero.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(zero.finishReason).toBe('length');
    expect(none.usage).toBeUndefined();
    expect(none.message.content).toBe('Hi.');
  });

  it('never shows the API key when printed', async () => {
    const chat = await model([]);
    expect(inspect(chat, { depth: 10, showHidden: true })).not.toContain(ANTHROPIC_TEST_KEY);
  });
});
