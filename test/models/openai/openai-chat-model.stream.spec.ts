import {
  ChatModelResponseError,
  ChatModelServerError,
  userMessage,
  type ChatResponseChunk,
} from 'nestjs-tool-calling';
import { assemble, collect, prompt, weatherTools, failure } from '../support/chat-test.helpers';
import { fixture } from '../support/provider-test.server';
import { captureSdkLogs } from '../support/sdk-logs';
import { modelsUnderTest } from '../support/models-under-test';

describe('OpenAiChatModel.stream', () => {
  const models = modelsUnderTest();
  const model = models.openAi;
  const server = () => models.server();

  const hello = prompt({ messages: [userMessage('Hello')] });

  it('streams text deltas, then one finish chunk with the usage of the last chunk', async () => {
    const chat = await model([{ sse: fixture('openai', 'text.sse'), chunkSize: 37 }]);

    const chunks = await collect(chat.stream(hello));

    expect(chunks.filter((c) => c.type === 'text-delta').map((c) => (c as { text: string }).text)).toEqual([
      'Hello',
      '!',
      ' How',
      ' can',
      ' I',
      ' help',
      ' you',
      ' today',
      '?',
    ]);
    expect(chunks[chunks.length - 1]).toEqual({
      type: 'finish',
      finishReason: 'stop',
      usage: { promptTokens: 19, completionTokens: 10, totalTokens: 29 },
      metadata: { id: 'chatcmpl-CX4s1TextStream0001', model: 'gpt-4o-mini-2024-07-18', finishReason: 'stop' },
    });
    expect(server().body(0)).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(server().requests[0].headers.accept).toBe('application/json');
  });

  it('streams two tool calls interleaved by index, their arguments in many pieces', async () => {
    const chat = await model([{ sse: fixture('openai', 'parallel-tool-calls.sse'), chunkSize: 50 }]);
    const [weather] = weatherTools();

    const chunks = await collect(
      chat.stream(
        prompt({ messages: [userMessage('Paris and Tokyo?')], tools: [weather.getToolDefinition()] }),
      ),
    );

    const fragments = chunks.filter((c) => c.type === 'tool-call-delta');
    expect(fragments.slice(0, 4)).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'call_Paris7fYq1', name: 'getWeather' },
      { type: 'tool-call-delta', index: 1, id: 'call_Tokyo3kLz9', name: 'getWeather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"ci' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{' },
    ]);
    expect(assemble(chunks)).toEqual({
      text: 'Checking both.',
      toolCalls: [
        { id: 'call_Paris7fYq1', name: 'getWeather', arguments: '{"city": "Paris"}' },
        { id: 'call_Tokyo3kLz9', name: 'getWeather', arguments: '{"city": "Tokyo"}' },
      ],
      finishReason: 'tool_calls',
      usage: { promptTokens: 70, completionTokens: 46, totalTokens: 116 },
      metadata: {
        id: 'chatcmpl-CX4s4ParallelCalls001',
        model: 'gpt-4o-mini-2024-07-18',
        finishReason: 'tool_calls',
      },
    });
    expect(server().body(0).tools).toHaveLength(1);
    expect(server().body(0).stream).toBe(true);
  });

  it('reads a stream without usage whose whole tool call came in one chunk, finishing with "stop"', async () => {
    const chat = await model([{ sse: fixture('openai', 'no-usage-whole-tool-call.sse') }]);

    const result = assemble(await collect(chat.stream(hello)));

    expect(result.toolCalls).toEqual([
      { id: 'call_q1w2e3', name: 'getWeather', arguments: '{"city":"Lyon"}' },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.usage).toBeUndefined();
  });

  it('fails with ChatModelResponseError on an event that is not JSON', async () => {
    const chat = await model([{ sse: fixture('openai', 'malformed.sse') }]);
    const seen: ChatResponseChunk[] = [];

    const { result: error, debug, console } = await captureSdkLogs(() => failure(chat.stream(hello), seen));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.name).toBe('ChatModelResponseError');
    expect(error.message).toMatch(
      new RegExp(
        `^OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" sent a stream event that is ` +
          'not valid JSON \\(.*JSON.*\\)$',
      ),
    );
    expect(seen).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    // The SDK's own note goes to Nest's logger at debug level, without the raw event; nothing to the console.
    expect(console).toEqual([]);
    expect(debug).toEqual([
      'OpenAiChatModel SDK: Could not parse message into JSON:',
      'OpenAiChatModel SDK: From chunk:',
    ]);
  });

  it('fails with ChatModelResponseError when the stream ends before a finish reason', async () => {
    const chat = await model([{ sse: fixture('openai', 'cut.sse') }]);
    const seen: ChatResponseChunk[] = [];

    const error = await failure(chat.stream(hello), seen);

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" ended the stream before the ` +
        'response was complete (no chunk carried a finish_reason)',
    );
    expect(seen.map((c) => c.type)).toEqual(['text-delta', 'text-delta']);
  });

  it('maps an error the server reports inside the stream to a typed error', async () => {
    const chat = await model([{ sse: fixture('openai', 'error-in-stream.sse') }]);

    const error = await failure(chat.stream(hello));

    expect(error.constructor.name).toBe('ChatModelApiError');
    expect(error.name).toBe('ChatModelApiError');
    expect(error.status).toBeUndefined();
    expect(error.errorType).toBe('server_error');
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" reported an error (server_error): ` +
        'The server had an error processing your request. Sorry about that! You can retry your request.',
    );
  });

  it('maps an in-stream error with an HTTP status as its code (vLLM) by that status', async () => {
    const sse =
      'data: {"object":"error","message":"Engine loop has died","type":"InternalServerError","param":null,"code":503}\n\n';
    const chat = await model([{ sse: `data: {"error":${sse.slice(6).trim()}}\n\n` }]);

    const error = await failure(chat.stream(hello));

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" failed to answer (server error): ` +
        'Engine loop has died',
    );
  });
});
