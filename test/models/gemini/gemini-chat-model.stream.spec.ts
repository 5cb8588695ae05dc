import { ChatClient, ChatModelResponseError, ChatModelServerError, userMessage } from 'nestjs-tool-calling';
import { assemble, collect, prompt, WeatherTools, failure } from '../support/chat-test.helpers';
import { fixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const sse = (name: string, chunkSize = 41) => ({ sse: fixture('gemini', name), chunkSize });

describe('GeminiChatModel.stream', () => {
  const models = modelsUnderTest();
  const model = models.gemini;
  const server = () => models.server();

  it('streams text deltas from streamGenerateContent (SSE) and ends with the usage', async () => {
    const chat = await model([sse('text.sse')]);

    const chunks = await collect(chat.stream(prompt({ messages: [userMessage('Hello')] })));

    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(3);
    expect(assemble(chunks)).toEqual({
      text: 'Hello! How can I help you today?',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 3, completionTokens: 25, totalTokens: 28 },
      metadata: { id: 's9YwaeKsGqC_nvgP3p2n4Qk', model: 'gemini-2.5-flash', finishReason: 'STOP' },
    });
    expect(server().requests[0].path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  });

  it('streams each function call whole, with its thought signature in the finish chunk', async () => {
    const chat = await model([sse('parallel-tool-calls.sse', 23)]);

    const chunks = await collect(chat.stream(prompt({ messages: [userMessage('Both?')] })));
    const result = assemble(chunks);

    expect(result.text).toBe('Let me look both up.');
    expect(result.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_/), name: 'getWeather', arguments: '{"city":"Paris"}' },
      { id: expect.stringMatching(/^call_/), name: 'getWeather', arguments: '{"city":"Tokyo"}' },
    ]);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.messageMetadata).toEqual({
      gemini: { signatures: { [result.toolCalls[0].id]: expect.stringMatching(/^CiQB/) } },
    });
  });

  it('completes the weather exchange through ChatClient.stream(), the signature sent back', async () => {
    const chat = await model([sse('weather-tool-call.sse'), sse('weather-answer.sse')]);

    let text = '';
    const request = ChatClient.create(chat).prompt().user('Weather in Paris?').tools(new WeatherTools());
    for await (const piece of request.stream().content()) text += piece;

    expect(text).toBe('It is sunny in Paris, 25°C.');
    expect(server().body(1).contents[1].parts[0]).toEqual({
      functionCall: { name: 'getWeather', args: { city: 'Paris' } },
      thoughtSignature: expect.stringMatching(/^CiQB/),
    });
    expect(server().body(1).contents[2].parts[0].functionResponse.response).toEqual({
      output: 'Paris: sunny, 25°C',
    });
  });

  it('maps a stream that ends without a finish reason to ChatModelResponseError', async () => {
    const chat = await model([sse('cut.sse')]);

    const error = await failure(chat.stream(prompt({ messages: [userMessage('Hello')] })));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toMatch(
      /ended the stream before the response was complete \(no chunk carried a finishReason\)$/,
    );
  });

  it('maps an error sent inside the stream to its typed error', async () => {
    const chat = await model([sse('error-in-stream.sse')]);

    const error = await failure(chat.stream(prompt({ messages: [userMessage('Hello')] })));

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.status).toBe(503);
    expect(error.message).toContain(
      'failed to answer (503 server error): The model is overloaded. Please try again later.',
    );
  });

  it('maps a chunk that is not JSON to ChatModelResponseError without quoting it', async () => {
    const chat = await model([sse('malformed.sse')]);

    const error = await failure(chat.stream(prompt({ messages: [userMessage('Hello')] })));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toMatch(
      /sent a stream event that is not valid JSON \(a chunk could not be parsed\)$/,
    );
  });
});
