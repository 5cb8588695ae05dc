import { GoogleGenAI } from '@google/genai';
import { inspect } from 'node:util';
import {
  assistantMessage,
  ChatClient,
  systemMessage,
  toolResponseMessage,
  userMessage,
} from 'nestjs-tool-calling';
import { GeminiChatModel } from 'nestjs-tool-calling/gemini';
import { GEMINI_TEST_KEY, prompt, WeatherTools, weatherTools } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const fixture = (name: string) => ({ json: jsonFixture('gemini', name) });
const SIGNATURE = 'CiQBcsjafPaxyHvdXvLM4MBa7tTCmcIvKxSDShlPaKQvELDTGFgKYwFyyNp8';

describe('GeminiChatModel.call', () => {
  const models = modelsUnderTest();
  const model = models.gemini;
  const server = () => models.server();

  it('sends the conversation as contents with the system instruction apart, and returns text and usage', async () => {
    const chat = await model([fixture('text.json')]);

    const response = await chat.call(
      prompt({ messages: [systemMessage('You are terse.'), userMessage('Hello')] }),
    );

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello! How can I help you today?', toolCalls: [] },
      finishReason: 'stop',
      usage: { promptTokens: 3, completionTokens: 25, totalTokens: 28 },
      metadata: { id: 's9YwaeKsGqC_nvgP3p2n4Qk', model: 'gemini-2.5-flash', finishReason: 'STOP' },
    });
    const [request] = server().requests;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.headers['x-goog-api-key']).toBe(GEMINI_TEST_KEY);
    expect(request.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      systemInstruction: { parts: [{ text: 'You are terse.' }], role: 'user' },
      generationConfig: {},
    });
  });

  it('returns a function call and sends the tools as functionDeclarations in Gemini’s schema dialect', async () => {
    const chat = await model([fixture('weather-tool-call.json')]);
    const [weather] = weatherTools();

    const response = await chat.call(
      prompt({ messages: [userMessage('Weather in Paris?')], tools: [weather.getToolDefinition()] }),
    );

    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_[0-9a-f]{32}$/), name: 'getWeather', arguments: '{"city":"Paris"}' },
    ]);
    expect(response.message.metadata).toEqual({
      gemini: { signatures: { [response.message.toolCalls[0].id]: SIGNATURE } },
    });
    expect(server().body(0).tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'getWeather',
            description: 'Current weather of a city',
            // The SDK writes the types in upper case, as Gemini's Type enum has them.
            parameters: {
              type: 'OBJECT',
              properties: {
                city: { type: 'STRING', description: 'City name' },
                unit: { type: 'STRING', description: 'C or F', enum: ['C', 'F'] },
              },
              required: ['city'],
            },
          },
        ],
      },
    ]);
  });

  it('sends calls back with their thought signature and results as functionResponse parts, by order', async () => {
    const chat = await model([fixture('parallel-tool-calls.json'), fixture('weather-answer.json')]);
    const question = userMessage('Paris and Tokyo?');

    const first = await chat.call(prompt({ messages: [question] }));
    const [paris, tokyo] = first.message.toolCalls;
    await chat.call(
      prompt({
        messages: [
          question,
          first.message,
          toolResponseMessage([
            { id: paris.id, name: 'getWeather', result: 'Paris: sunny, 25°C', isError: false },
            { id: tokyo.id, name: 'getWeather', result: 'city not found', isError: true },
          ]),
        ],
      }),
    );

    expect(first.message.content).toBe('Let me look both up.');
    expect(server().body(1).contents).toEqual([
      { role: 'user', parts: [{ text: 'Paris and Tokyo?' }] },
      {
        role: 'model',
        parts: [
          { text: 'Let me look both up.' },
          { functionCall: { name: 'getWeather', args: { city: 'Paris' } }, thoughtSignature: SIGNATURE },
          { functionCall: { name: 'getWeather', args: { city: 'Tokyo' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'getWeather', response: { output: 'Paris: sunny, 25°C' } } },
          { functionResponse: { name: 'getWeather', response: { error: 'city not found' } } },
        ],
      },
    ]);
  });

  it('keeps the ids Gemini gives its calls, and answers each by its id', async () => {
    const chat = await model([fixture('ids-tool-call.json'), fixture('weather-answer.json')]);

    await ChatClient.create(chat).prompt().user('Paris and Oslo?').tools(new WeatherTools()).call().content();

    const [, modelTurn, results] = server().body(1).contents;
    expect(modelTurn.parts.map((part: any) => part.functionCall.id)).toEqual(['fc_7d1c0e2a', 'fc_93b2aa41']);
    expect(results.parts).toEqual([
      {
        functionResponse: {
          id: 'fc_7d1c0e2a',
          name: 'getWeather',
          response: { output: 'Paris: sunny, 25°C' },
        },
      },
      {
        functionResponse: {
          id: 'fc_93b2aa41',
          name: 'getWeather',
          response: { output: 'Oslo: sunny, 25°C' },
        },
      },
    ]);
  });

  it('sends old history from other providers without ids, and malformed argument text as empty args', async () => {
    const chat = await model([fixture('weather-answer.json')]);

    await chat.call(
      prompt({
        messages: [
          userMessage('Paris?'),
          assistantMessage('', [{ id: 'call_abc', name: 'getWeather', arguments: '{"city": "Par' }]),
          toolResponseMessage([
            { id: 'call_abc', name: 'getWeather', result: 'the arguments are not valid JSON', isError: true },
          ]),
        ],
      }),
    );

    expect(server().body(0).contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'getWeather', args: {} } }] },
      {
        role: 'user',
        parts: [
          {
            functionResponse: { name: 'getWeather', response: { error: 'the arguments are not valid JSON' } },
          },
        ],
      },
    ]);
  });

  it('sends the options as generationConfig and toolConfig, providerOptions merged into the config', async () => {
    const chat = await model([fixture('text.json')], {
      defaultOptions: { temperature: 0.2, providerOptions: { thinkingConfig: { thinkingBudget: 0 } } },
    });
    const [weather] = weatherTools();

    await chat.call(
      prompt({
        messages: [userMessage('Hi')],
        tools: [weather.getToolDefinition()],
        options: { maxTokens: 256, topP: 0.9, stop: ['END'], toolChoice: { name: 'getWeather' } },
      }),
    );

    expect(server().body(0)).toMatchObject({
      generationConfig: {
        temperature: 0.2,
        topP: 0.9,
        maxOutputTokens: 256,
        stopSequences: ['END'],
        thinkingConfig: { thinkingBudget: 0 },
      },
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['getWeather'] } },
    });
  });

  it('reads MAX_TOKENS as length and MALFORMED_FUNCTION_CALL as other (no call to answer)', async () => {
    const chat = await model([fixture('max-tokens.json'), fixture('malformed-function-call.json')]);

    const cut = await chat.call(prompt({ messages: [userMessage('Weather?')] }));
    const malformed = await chat.call(prompt({ messages: [userMessage('Weather?')] }));

    expect(cut.finishReason).toBe('length');
    expect(malformed.finishReason).toBe('other');
    expect(malformed.message.toolCalls).toEqual([]);
    expect(malformed.metadata?.finishReason).toBe('MALFORMED_FUNCTION_CALL');
  });

  it('uses a client given by the user (its own base URL and retry options)', async () => {
    const server = await models.start(fixture('text.json'));
    const client = new GoogleGenAI({
      apiKey: 'own-client-key-7777',
      httpOptions: { baseUrl: server.url('/proxy'), headers: { 'x-tenant': 'acme' } },
    });

    const response = await new GeminiChatModel({ model: 'gemini-2.5-pro', client }).call(
      prompt({ messages: [userMessage('Hi')] }),
    );

    expect(response.message.content).toBe('Hello! How can I help you today?');
    expect(server.requests[0].path).toBe('/proxy/v1beta/models/gemini-2.5-pro:generateContent');
    expect(server.requests[0].headers['x-goog-api-key']).toBe('own-client-key-7777');
    expect(server.requests[0].headers['x-tenant']).toBe('acme');
  });

  it('never shows the API key when printed', async () => {
    const chat = await model([]);
    expect(inspect(chat, { depth: 10, showHidden: true })).not.toContain(GEMINI_TEST_KEY);
    expect(JSON.stringify(chat)).not.toContain(GEMINI_TEST_KEY);
  });
});
