import { inspect } from 'node:util';
import { assistantMessage, systemMessage, toolResponseMessage, userMessage } from 'nestjs-tool-calling';
import { OPENAI_TEST_KEY, prompt, weatherTools } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

describe('OpenAiChatModel.call', () => {
  const models = modelsUnderTest();
  const model = models.openAi;
  const server = () => models.server();

  it('sends the conversation and returns the text, finish reason, usage and metadata', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'text.json') }]);

    const response = await chat.call(
      prompt({ messages: [systemMessage('You are terse.'), userMessage('Hello')] }),
    );

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello! How can I help you today?', toolCalls: [] },
      finishReason: 'stop',
      usage: { promptTokens: 19, completionTokens: 10, totalTokens: 29 },
      metadata: {
        id: 'chatcmpl-CX3Jf0qTvJ8f1bS2m5sN2pQd7a9Lk',
        model: 'gpt-4o-mini-2024-07-18',
        finishReason: 'stop',
      },
    });
    expect(server().requests).toHaveLength(1);
    const [request] = server().requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(request.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hello' },
      ],
      stream: false,
    });
  });

  it('returns a tool call with its id and JSON argument text, and sends the tool definitions', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'weather-tool-call.json') }]);
    const [weather] = weatherTools();

    const response = await chat.call(
      prompt({ messages: [userMessage('Weather in Paris?')], tools: [weather.getToolDefinition()] }),
    );

    expect(response.message).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw', name: 'getWeather', arguments: '{"city":"Paris"}' }],
    });
    expect(response.finishReason).toBe('tool_calls');
    expect(server().body(0).tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'getWeather',
          description: 'Current weather of a city',
          parameters: weather.getToolDefinition().inputSchema,
        },
      },
    ]);
    expect(server().body(0).tools[0].function).not.toHaveProperty('strict');
    expect(server().body(0)).not.toHaveProperty('tool_choice');
    expect(server().body(0)).not.toHaveProperty('parallel_tool_calls');
  });

  it('returns parallel tool calls in order, with the text that came with them', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'parallel-tool-calls.json') }]);

    const response = await chat.call(prompt({ messages: [userMessage('Paris and Tokyo?')] }));

    expect(response.message.content).toBe('Let me look both up.');
    expect(response.message.toolCalls).toEqual([
      { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city":"Paris"}' },
      { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
    ]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('sends assistant tool calls and one tool message per result, answering each call by id', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'weather-answer.json') }]);

    await chat.call(
      prompt({
        messages: [
          userMessage('Paris and Tokyo?'),
          assistantMessage('', [
            { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city":"Paris"}' },
            { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
          ]),
          toolResponseMessage([
            { id: 'call_Paris7fYq1', name: 'getWeather', result: 'Paris: sunny, 25°C', isError: false },
            { id: 'call_Tokyo3kLz9', name: 'getWeather', result: 'city not found', isError: true },
          ]),
          assistantMessage('Paris is sunny; Tokyo is unknown.'),
          userMessage('Thanks'),
        ],
      }),
    );

    expect(server().body(0).messages).toEqual([
      { role: 'user', content: 'Paris and Tokyo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_Paris7fYq1',
            type: 'function',
            function: { name: 'getWeather', arguments: '{"city":"Paris"}' },
          },
          {
            id: 'call_Tokyo3kLz9',
            type: 'function',
            function: { name: 'getWeather', arguments: '{"city":"Tokyo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_Paris7fYq1', content: 'Paris: sunny, 25°C' },
      { role: 'tool', tool_call_id: 'call_Tokyo3kLz9', content: 'city not found' },
      { role: 'assistant', content: 'Paris is sunny; Tokyo is unknown.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('sends the options: request options over the default options, providerOptions as extra fields', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'text.json') }], {
      defaultOptions: { temperature: 0.2, maxTokens: 500, toolChoice: 'auto', providerOptions: { seed: 7 } },
    });
    const [weather] = weatherTools();

    await chat.call(
      prompt({
        messages: [userMessage('Hi')],
        tools: [weather.getToolDefinition()],
        options: {
          model: 'gpt-4.1-mini',
          maxTokens: 256,
          topP: 0.9,
          stop: ['END'],
          toolChoice: { name: 'getWeather' },
          parallelToolCalls: false,
          providerOptions: { user: 'user-42' },
        },
      }),
    );

    expect(server().body(0)).toEqual({
      seed: 7,
      user: 'user-42',
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 256,
      stop: ['END'],
      tools: [expect.objectContaining({ type: 'function' })],
      tool_choice: { type: 'function', function: { name: 'getWeather' } },
      parallel_tool_calls: false,
      stream: false,
    });
  });

  it('sends max_completion_tokens when told to, and no tool fields without tools', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'text.json') }], {
      maxTokensParameter: 'max_completion_tokens',
    });

    await chat.call(
      prompt({ messages: [userMessage('Hi')], options: { maxTokens: 64, toolChoice: 'required' } }),
    );

    expect(server().body(0)).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      max_completion_tokens: 64,
      stream: false,
    });
  });

  it('sends the organization and the extra headers', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'text.json') }], {
      organization: 'org-test',
      headers: { 'x-tenant': 'acme' },
    });

    await chat.call(prompt({ messages: [userMessage('Hi')] }));

    expect(server().requests[0].headers['openai-organization']).toBe('org-test');
    expect(server().requests[0].headers['x-tenant']).toBe('acme');
  });

  it('reads a server that sends no usage and says "stop" with tool calls (Ollama-style)', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'no-usage-stop-with-tool-calls.json') }]);

    const response = await chat.call(prompt({ messages: [userMessage('Lyon?')] }));

    expect(response.usage).toBeUndefined();
    expect(response.finishReason).toBe('tool_calls');
    expect(response.metadata).toEqual({ id: 'chatcmpl-local-8f2c', model: 'llama3.1', finishReason: 'stop' });
    expect(response.message.toolCalls).toEqual([
      { id: 'call_5x0y4h2m', name: 'getWeather', arguments: '{"city":"Lyon"}' },
    ]);
  });

  it('reads a zero usage and the length finish reason', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'zero-usage.json') }]);

    const response = await chat.call(prompt({ messages: [userMessage('Hi')] }));

    expect(response.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(response.finishReason).toBe('length');
  });

  it('connects without an API key to a local server given by baseURL', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const chat = await model([{ json: jsonFixture('openai', 'text.json') }], { apiKey: undefined });
      const response = await chat.call(prompt({ messages: [userMessage('Hi')] }));
      expect(response.message.content).toBe('Hello! How can I help you today?');
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('never shows the API key when printed', async () => {
    const chat = await model([]);
    expect(inspect(chat, { depth: 10, showHidden: true })).not.toContain(OPENAI_TEST_KEY);
    expect(JSON.stringify(chat)).not.toContain(OPENAI_TEST_KEY);
  });
});
