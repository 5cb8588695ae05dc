import { inspect } from 'node:util';
import OpenAI from 'openai';
import { assistantMessage, systemMessage, toolResponseMessage, userMessage } from 'nestjs-tool-calling';
import { OpenAiResponsesChatModel } from 'nestjs-tool-calling/openai';
import { OPENAI_TEST_KEY, prompt, weatherTools } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const fixture = (name: string) => ({ json: jsonFixture('openai-responses', name) });

describe('OpenAiResponsesChatModel.call', () => {
  const models = modelsUnderTest();
  const model = models.openAiResponses;
  const server = () => models.server();

  it('sends the conversation as input items with store: false, and returns text, usage and metadata', async () => {
    const chat = await model([fixture('text.json')]);

    const response = await chat.call(
      prompt({ messages: [systemMessage('You are terse.'), userMessage('Hello')] }),
    );

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello! How can I help you today?', toolCalls: [] },
      finishReason: 'stop',
      usage: { promptTokens: 19, completionTokens: 10, totalTokens: 29 },
      metadata: { id: 'resp_68a1text0001', model: 'gpt-4.1-mini-2025-04-14', finishReason: 'completed' },
    });
    const [request] = server().requests;
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(request.body).toEqual({
      model: 'gpt-4.1-mini',
      input: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hello' },
      ],
      store: false,
      stream: false,
    });
  });

  it('returns a function call, and sends each tool with strict: false unless it is strict', async () => {
    const chat = await model([fixture('weather-tool-call.json')]);
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
        name: 'getWeather',
        description: 'Current weather of a city',
        parameters: weather.getToolDefinition().inputSchema,
        strict: false,
      },
    ]);
  });

  it('sends a tool in strict mode with its schema made strict', async () => {
    const chat = await model([fixture('weather-tool-call.json')], { strict: true });
    const [weather] = weatherTools();

    await chat.call(prompt({ messages: [userMessage('Paris?')], tools: [weather.getToolDefinition()] }));

    const [tool] = server().body(0).tools;
    expect(tool.strict).toBe(true);
    expect(tool.parameters).toMatchObject({
      required: ['city', 'unit'],
      additionalProperties: false,
      properties: { unit: { type: ['string', 'null'], enum: ['C', 'F', null] } },
    });
  });

  it('returns parallel function calls in order, with the text that came with them', async () => {
    const chat = await model([fixture('parallel-tool-calls.json')]);

    const response = await chat.call(prompt({ messages: [userMessage('Paris and Tokyo?')] }));

    expect(response.message.content).toBe('Let me look both up.');
    expect(response.message.toolCalls).toEqual([
      { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city":"Paris"}' },
      { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
    ]);
  });

  it('sends function_call and function_call_output items, matched by call_id', async () => {
    const chat = await model([fixture('weather-answer.json')]);

    await chat.call(
      prompt({
        messages: [
          userMessage('Paris and Tokyo?'),
          assistantMessage('Let me look both up.', [
            { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city":"Paris"}' },
            { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
          ]),
          toolResponseMessage([
            { id: 'call_Paris7fYq1', name: 'getWeather', result: 'Paris: sunny, 25°C', isError: false },
            { id: 'call_Tokyo3kLz9', name: 'getWeather', result: 'city not found', isError: true },
          ]),
          assistantMessage('Paris is sunny.'),
          userMessage('Thanks'),
        ],
      }),
    );

    expect(server().body(0).input).toEqual([
      { role: 'user', content: 'Paris and Tokyo?' },
      { role: 'assistant', content: 'Let me look both up.' },
      {
        type: 'function_call',
        call_id: 'call_Paris7fYq1',
        name: 'getWeather',
        arguments: '{"city":"Paris"}',
      },
      {
        type: 'function_call',
        call_id: 'call_Tokyo3kLz9',
        name: 'getWeather',
        arguments: '{"city":"Tokyo"}',
      },
      { type: 'function_call_output', call_id: 'call_Paris7fYq1', output: 'Paris: sunny, 25°C' },
      { type: 'function_call_output', call_id: 'call_Tokyo3kLz9', output: 'city not found' },
      { role: 'assistant', content: 'Paris is sunny.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('keeps a reasoning model’s encrypted reasoning with the message and sends it back before its calls', async () => {
    const chat = await model([fixture('reasoning-tool-call.json'), fixture('weather-answer.json')], {
      model: 'o4-mini',
    });
    const question = userMessage('Weather in Paris?');

    const first = await chat.call(prompt({ messages: [question] }));
    await chat.call(
      prompt({
        messages: [
          question,
          first.message,
          toolResponseMessage([
            { id: 'call_R3as0n1ng', name: 'getWeather', result: 'Paris: sunny', isError: false },
          ]),
        ],
      }),
    );

    const reasoning = {
      type: 'reasoning',
      id: 'rs_68a1reas0001',
      summary: [],
      encrypted_content: 'gAAAAABo_encrypted_reasoning_blob_1==',
    };
    expect(first.message.metadata).toEqual({ 'openai-responses': { reasoning: [reasoning] } });
    expect(server().body(0)).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
    expect(server().body(1).input).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      reasoning,
      { type: 'function_call', call_id: 'call_R3as0n1ng', name: 'getWeather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_R3as0n1ng', output: 'Paris: sunny' },
    ]);
  });

  it('sends the options (max_output_tokens, tool_choice, parallel_tool_calls) and lets providerOptions set store', async () => {
    const chat = await model([fixture('text.json')], {
      defaultOptions: { temperature: 0.2, providerOptions: { reasoning: { effort: 'low' } } },
    });
    const [weather] = weatherTools();

    await chat.call(
      prompt({
        messages: [userMessage('Hi')],
        tools: [weather.getToolDefinition()],
        options: {
          maxTokens: 256,
          topP: 0.9,
          toolChoice: { name: 'getWeather' },
          parallelToolCalls: false,
          providerOptions: { store: true, user: 'user-42' },
        },
      }),
    );

    expect(server().body(0)).toEqual({
      reasoning: { effort: 'low' },
      store: true,
      user: 'user-42',
      model: 'gpt-4.1-mini',
      input: [{ role: 'user', content: 'Hi' }],
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 256,
      tools: [expect.objectContaining({ type: 'function', name: 'getWeather' })],
      tool_choice: { type: 'function', name: 'getWeather' },
      parallel_tool_calls: false,
      stream: false,
    });
  });

  it('reads an incomplete response as finish reason length', async () => {
    const chat = await model([fixture('incomplete.json')]);

    const response = await chat.call(prompt({ messages: [userMessage('Weather?')] }));

    expect(response.finishReason).toBe('length');
    expect(response.message.content).toBe('The weather in');
  });

  it('uses a client given by the user', async () => {
    const server = await models.start(fixture('text.json'));
    const client = new OpenAI({ apiKey: 'sk-own-client-key', baseURL: server.url('/own/v1'), maxRetries: 0 });

    const response = await new OpenAiResponsesChatModel({ model: 'gpt-4.1-mini', client }).call(
      prompt({ messages: [userMessage('Hi')] }),
    );

    expect(response.message.content).toBe('Hello! How can I help you today?');
    expect(server.requests[0].path).toBe('/own/v1/responses');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-own-client-key');
  });

  it('never shows the API key when printed', async () => {
    const chat = await model([]);
    expect(inspect(chat, { depth: 10, showHidden: true })).not.toContain(OPENAI_TEST_KEY);
    expect(JSON.stringify(chat)).not.toContain(OPENAI_TEST_KEY);
  });
});
