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

describe('AnthropicChatModel.stream', () => {
  const models = modelsUnderTest();
  const model = models.anthropic;
  const server = () => models.server();

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
});
