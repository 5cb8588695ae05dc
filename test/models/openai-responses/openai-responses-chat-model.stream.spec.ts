import {
  ChatClient,
  ChatModelApiError,
  ChatModelRateLimitError,
  ChatModelServerError,
  userMessage,
} from 'nestjs-tool-calling';
import { assemble, collect, prompt, WeatherTools, weatherTools, failure } from '../support/chat-test.helpers';
import { fixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const sse = (name: string, chunkSize = 37) => ({ sse: fixture('openai-responses', name), chunkSize });

describe('OpenAiResponsesChatModel.stream', () => {
  const models = modelsUnderTest();
  const model = models.openAiResponses;
  const server = () => models.server();

  it('streams text deltas and ends with the usage, sending stream: true', async () => {
    const chat = await model([sse('text.sse')]);

    const chunks = await collect(chat.stream(prompt({ messages: [userMessage('Hello')] })));

    expect(chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(1);
    expect(assemble(chunks)).toEqual({
      text: 'Hello! How can I help you today?',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 19, completionTokens: 10, totalTokens: 29 },
      metadata: { id: 'resp_68a1text0001', model: 'gpt-4.1-mini-2025-04-14', finishReason: 'completed' },
    });
    expect(server().body(0)).toMatchObject({ stream: true, store: false });
  });

  it('streams a function call: id and name first, then its function_call_arguments.delta fragments', async () => {
    const chat = await model([sse('weather-tool-call.sse')]);
    const [weather] = weatherTools();

    const chunks = await collect(
      chat.stream(prompt({ messages: [userMessage('Paris?')], tools: [weather.getToolDefinition()] })),
    );

    expect(chunks[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw',
      name: 'getWeather',
    });
    expect(chunks.filter((c) => c.type === 'tool-call-delta' && c.argumentsDelta).length).toBe(4);
    expect(assemble(chunks)).toMatchObject({
      toolCalls: [{ id: 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw', name: 'getWeather', arguments: '{"city":"Paris"}' }],
      finishReason: 'tool_calls',
    });
  });

  it('streams parallel calls with their own indexes, after the text', async () => {
    const chat = await model([sse('parallel-tool-calls.sse', 19)]);

    const result = assemble(await collect(chat.stream(prompt({ messages: [userMessage('Both?')] }))));

    expect(result.text).toBe('Let me look both up.');
    expect(result.toolCalls).toEqual([
      { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city":"Paris"}' },
      { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city":"Tokyo"}' },
    ]);
  });

  it('gives the reasoning items in the finish chunk, and ChatClient keeps them in the history', async () => {
    const chat = await model([sse('reasoning-tool-call.sse'), sse('weather-answer.sse')], {
      model: 'o4-mini',
    });

    const answer = await ChatClient.create(chat)
      .prompt()
      .user('Weather in Paris?')
      .tools(new WeatherTools())
      .stream()
      .content();
    let text = '';
    for await (const piece of answer) text += piece;

    expect(text).toBe('It is sunny in Paris, 25°C.');
    expect(server().body(1).input.slice(1, 3)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_68a1reas0001',
        summary: [],
        encrypted_content: 'gAAAAABo_encrypted_reasoning_blob_1==',
      },
      { type: 'function_call', call_id: 'call_R3as0n1ng', name: 'getWeather', arguments: '{"city":"Paris"}' },
    ]);
  });

  it('answers malformed streamed arguments of a strict tool with an error result, not a failed call', async () => {
    const chat = await model([sse('malformed-arguments.sse'), sse('weather-answer.sse')], { strict: true });

    let text = '';
    const answer = ChatClient.create(chat).prompt().user('Weather in Paris?').tools(new WeatherTools());
    for await (const piece of answer.stream().content()) text += piece;

    expect(text).toBe('It is sunny in Paris, 25°C.');
    const output = server()
      .body(1)
      .input.find((item: any) => item.type === 'function_call_output');
    expect(output.call_id).toBe('call_Br0k3n');
    expect(output.output).toMatch(/the arguments are not valid JSON/);
  });

  it('maps a response.failed event to a typed error with the provider message', async () => {
    const chat = await model([sse('failed.sse')]);

    const error = await failure(chat.stream(prompt({ messages: [userMessage('Paris?')] })));

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.message).toBe(
      `OpenAI Responses API at ${server().url('/v1')}, model "gpt-4.1-mini" failed to answer (server error): ` +
        'The model produced invalid content. Try again.',
    );
    expect(error.errorCode).toBe('server_error');
  });

  it('maps an error event to ChatModelApiError with its message', async () => {
    const chat = await model([sse('error-in-stream.sse')]);

    const error = await failure(chat.stream(prompt({ messages: [userMessage('Paris?')] })));

    expect(error).toBeInstanceOf(ChatModelRateLimitError);
    expect(error).toBeInstanceOf(ChatModelApiError);
    expect(error.message).toBe(
      `OpenAI Responses API at ${server().url('/v1')}, model "gpt-4.1-mini" is rate limiting the requests ` +
        '(too many requests): Rate limit reached for gpt-4.1-mini on tokens per min (TPM).',
    );
  });
});
