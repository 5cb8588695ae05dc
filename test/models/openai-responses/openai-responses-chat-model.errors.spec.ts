import {
  ChatModelApiError,
  ChatModelAuthenticationError,
  ChatModelBadRequestError,
  ChatModelConnectionError,
  ChatModelNotFoundError,
  ChatModelPermissionError,
  ChatModelRateLimitError,
  ChatModelServerError,
  userMessage,
} from '../../../lib';
import { OPENAI_TEST_KEY, prompt } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const RETRY_NOW = { 'retry-after-ms': '1' };
const hello = prompt({ messages: [userMessage('Hello')] });

// The Responses API reports errors in the same body as Chat Completions: { error: { message, type, param, code } }.
describe('OpenAiResponsesChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.openAiResponses;
  const server = () => models.server();
  const where = () => `OpenAI Responses API at ${server().url('/v1')}, model "gpt-4.1-mini"`;

  it.each([
    [
      400,
      ChatModelBadRequestError,
      'refused the request as invalid (400 bad request): Invalid schema for function',
    ],
    [
      401,
      ChatModelAuthenticationError,
      'refused the API key (401 unauthorized): Incorrect API key provided: [redacted].',
    ],
    [
      403,
      ChatModelPermissionError,
      'does not allow this API key to use the model or endpoint (403 forbidden)',
    ],
    [
      404,
      ChatModelNotFoundError,
      'found no such model or endpoint (404 not found): The model `gpt-5-nonexistent`',
    ],
    [
      429,
      ChatModelRateLimitError,
      'is rate limiting the requests (429 too many requests): Rate limit reached',
    ],
    [500, ChatModelServerError, 'failed to answer (500 server error): The server had an error'],
  ])(
    'maps %i to its typed error, with the provider message and without the key',
    async (status, type, text) => {
      const chat = await model([{ status, json: jsonFixture('openai', `error-${status}.json`) }]);

      const error: any = await chat.call(hello).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(ChatModelApiError);
      expect(error.name).toBe(type.name);
      expect(error.status).toBe(status);
      expect(error.provider).toBe('openai-responses');
      expect(error.message.startsWith(`${where()} ${text}`)).toBe(true);
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain(OPENAI_TEST_KEY);
    },
  );

  it('retries a 429 as the SDK does, then returns the answer', async () => {
    const chat = await model(
      [
        { status: 429, headers: RETRY_NOW, json: jsonFixture('openai', 'error-429.json') },
        { json: jsonFixture('openai-responses', 'text.json') },
      ],
      { maxRetries: 1 },
    );

    const response = await chat.call(hello);

    expect(response.message.content).toBe('Hello! How can I help you today?');
    expect(server().requests).toHaveLength(2);
    expect(server().body(1)).toEqual(server().body(0));
  });

  it('maps a status in a streamed request like a JSON one', async () => {
    const chat = await model([{ status: 401, json: jsonFixture('openai', 'error-401.json') }]);

    let error: any;
    try {
      for await (const _ of chat.stream(hello)) void _;
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(ChatModelAuthenticationError);
    expect(error.message).toContain('Check the key given in the apiKey setting or OPENAI_API_KEY.');
  });

  it('maps a response with status failed to a typed error', async () => {
    const chat = await model([{ json: jsonFixture('openai-responses', 'failed.json') }]);

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.message).toBe(
      `${where()} failed to answer (server error): The model produced invalid content. Try again.`,
    );
  });

  it('maps a refused connection to ChatModelConnectionError', async () => {
    const chat = await model([]);
    await server().close();

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.message).toMatch(
      /model "gpt-4.1-mini" could not be reached: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
  });

  it('rejects with the abort reason when the signal aborts during the request', async () => {
    const chat = await model([{ hang: true, sse: '' }]);
    const controller = new AbortController();

    const pending = chat.call(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((caught: unknown) => caught);

    expect(error).toBe(controller.signal.reason);
  });
});
