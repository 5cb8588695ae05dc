import {
  ChatModelConnectionError,
  ChatModelResponseError,
  ChatModelServerError,
  userMessage,
  type ChatResponseChunk,
} from '../../../lib';
import { assemble, collect, prompt, weatherTools } from '../support/chat-test.helpers';
import { fixture } from '../support/provider-test.server';
import { captureSdkLogs } from '../support/sdk-logs';
import { modelsUnderTest } from '../support/models-under-test';

describe('AnthropicChatModel.stream', () => {
  const models = modelsUnderTest();
  const model = models.anthropic;
  const server = () => models.server();

  async function failure(stream: AsyncIterable<ChatResponseChunk>, seen: ChatResponseChunk[] = []) {
    try {
      for await (const chunk of stream) seen.push(chunk);
    } catch (error) {
      return error as any;
    }
    throw new Error('expected the stream to fail');
  }

  const hello = prompt({ messages: [userMessage('Hello')] });
  const where = () => `Anthropic at ${server().url()}, model "claude-sonnet-5-5"`;

  it('streams text deltas, skips pings, and finishes with the usage of message_start and message_delta', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'text.sse'), chunkSize: 41 }]);

    const chunks = await collect(chat.stream(hello));

    expect(chunks).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: '! How can I' },
      { type: 'text-delta', text: ' help you today?' },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { promptTokens: 12, completionTokens: 11, totalTokens: 23 },
        metadata: { id: 'msg_01TextStream', model: 'claude-sonnet-5-5', finishReason: 'end_turn' },
      },
    ]);
    expect(server().body(0)).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      stream: true,
    });
  });

  it('streams tool_use blocks as tool calls numbered among themselves, input_json_delta pieces assembled', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'parallel-tool-use.sse'), chunkSize: 64 }]);
    const [weather] = weatherTools();

    const chunks = await collect(
      chat.stream(
        prompt({ messages: [userMessage('Paris, Tokyo, time?')], tools: [weather.getToolDefinition()] }),
      ),
    );

    expect(chunks.filter((c) => c.type === 'tool-call-delta').slice(0, 3)).toEqual([
      { type: 'tool-call-delta', index: 0, id: 'toolu_01Paris', name: 'getWeather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"ci' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'ty": ' },
    ]);
    expect(assemble(chunks)).toEqual({
      text: 'Checking both.',
      toolCalls: [
        { id: 'toolu_01Paris', name: 'getWeather', arguments: '{"city": "Paris"}' },
        { id: 'toolu_01Tokyo', name: 'getWeather', arguments: '{"city": "Tokyo"}' },
        { id: 'toolu_01Clock', name: 'getTime', arguments: '{}' },
      ],
      finishReason: 'tool_calls',
      usage: { promptTokens: 520, completionTokens: 96, totalTokens: 616 },
      metadata: { id: 'msg_01ParallelToolUse', model: 'claude-sonnet-5-5', finishReason: 'tool_use' },
    });
  });

  it('fails with ChatModelResponseError on an event that is not JSON', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'malformed.sse') }]);
    const seen: ChatResponseChunk[] = [];

    const { result: error, debug, console } = await captureSdkLogs(() => failure(chat.stream(hello), seen));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.name).toBe('ChatModelResponseError');
    expect(error.message).toMatch(
      new RegExp(
        `^Anthropic at ${server().url()}, model "claude-sonnet-5-5" sent a stream event that is not valid JSON \\(.*JSON.*\\)$`,
      ),
    );
    expect(seen).toEqual([{ type: 'text-delta', text: 'Hel' }]);
    // The SDK's own note goes to Nest's logger at debug level, without the raw event; nothing to the console.
    expect(console).toEqual([]);
    expect(debug).toEqual([
      'AnthropicChatModel SDK: Could not parse message into JSON:',
      'AnthropicChatModel SDK: From chunk:',
    ]);
  });

  it('fails with ChatModelResponseError when the stream ends before message_stop', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'cut.sse') }]);

    const error = await failure(chat.stream(hello));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toBe(
      `${where()} ended the stream before the response was complete (no message_stop event)`,
    );
  });

  it('fails with ChatModelResponseError when the connection is lost in the middle of the stream', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'cut.sse'), destroy: true }]);

    const error = await failure(chat.stream(hello));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toMatch(
      /ended the stream before the response was complete \((terminated|.*closed).*\)$/,
    );
  });

  it('maps an overloaded_error event inside the stream to ChatModelServerError', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'error-in-stream.sse') }]);
    const seen: ChatResponseChunk[] = [];

    const error = await failure(chat.stream(hello), seen);

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.status).toBeUndefined();
    expect(error.errorType).toBe('overloaded_error');
    expect(error.message).toBe(`${where()} failed to answer (server error): Overloaded`);
    expect(seen).toEqual([{ type: 'text-delta', text: 'It' }]);
  });

  it('rejects with the abort reason when the signal aborts in the middle of the stream', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'cut.sse'), hang: true }]);
    const controller = new AbortController();
    const seen: ChatResponseChunk[] = [];

    const error = await failure(
      (async function* () {
        for await (const chunk of chat.stream(hello, { signal: controller.signal })) {
          yield chunk;
          controller.abort();
        }
      })(),
      seen,
    );

    expect(error).toBe(controller.signal.reason);
    expect(error.name).toBe('AbortError');
    expect(seen).toEqual([{ type: 'text-delta', text: 'It is sun' }]);
  });

  it('gives up with ChatModelConnectionError when the stream goes silent for longer than the time limit', async () => {
    const chat = await model([{ sse: fixture('anthropic', 'cut.sse'), hang: true }], { timeoutMs: 150 });

    const error = await failure(chat.stream(hello));

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.timedOut).toBe(true);
    expect(error.message).toBe(
      `${where()} sent nothing for 150 ms in the middle of a stream; the stream was abandoned (raise the limit with ` +
        'the timeoutMs setting)',
    );
  });
});
