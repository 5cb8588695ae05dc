import { GoogleGenAI } from '@google/genai';
import {
  ChatModelApiError,
  ChatModelAuthenticationError,
  ChatModelBadRequestError,
  ChatModelConfigurationError,
  ChatModelConnectionError,
  ChatModelNotFoundError,
  ChatModelPermissionError,
  ChatModelRateLimitError,
  ChatModelResponseError,
  ChatModelServerError,
  userMessage,
} from '../../../lib';
import { GeminiChatModel } from '../../../lib/gemini';
import { GEMINI_TEST_KEY, prompt } from '../support/chat-test.helpers';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const hello = prompt({ messages: [userMessage('Hello')] });
const error = (name: string, status: number) => ({ status, json: jsonFixture('gemini', name) });

describe('GeminiChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.gemini;
  const server = () => models.server();
  const where = () => `Google Gemini at ${server().url()}, model "gemini-2.5-flash"`;

  it.each([
    [
      'error-400.json',
      400,
      ChatModelBadRequestError,
      'refused the request as invalid (400 bad request): * GenerateContentRequest.tools[0]',
    ],
    [
      'error-400-api-key.json',
      400,
      ChatModelAuthenticationError,
      'refused the API key (400 unauthorized): API key not valid. Please pass a valid API key. Check the key given in the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY.',
    ],
    [
      'error-401.json',
      401,
      ChatModelAuthenticationError,
      'refused the API key (401 unauthorized): Request had invalid authentication credentials.',
    ],
    [
      'error-403.json',
      403,
      ChatModelPermissionError,
      'does not allow this API key to use the model or endpoint (403 forbidden): Generative Language API has not been used',
    ],
    [
      'error-404.json',
      404,
      ChatModelNotFoundError,
      'found no such model or endpoint (404 not found): models/gemini-9-ultra is not found',
    ],
    [
      'error-429.json',
      429,
      ChatModelRateLimitError,
      'is rate limiting the requests (429 too many requests): You exceeded your current quota',
    ],
    [
      'error-500.json',
      500,
      ChatModelServerError,
      'failed to answer (500 server error): An internal error has occurred.',
    ],
    [
      'error-503.json',
      503,
      ChatModelServerError,
      'failed to answer (503 server error): The model is overloaded.',
    ],
  ])('maps %s (%i) to its typed error with the provider message', async (name, status, type, text) => {
    const chat = await model([error(name, status)]);

    const caught: any = await chat.call(hello).catch((failure: unknown) => failure);

    expect(caught).toBeInstanceOf(type);
    expect(caught).toBeInstanceOf(ChatModelApiError);
    expect(caught.name).toBe(type.name);
    expect(caught.status).toBe(status);
    expect(caught.provider).toBe('gemini');
    expect(caught.errorType).toBe(
      jsonFixture('gemini', name as string) && (jsonFixture('gemini', name) as any).error.status,
    );
    expect(caught.message.startsWith(`${where()} ${text}`)).toBe(true);
    expect(`${caught.message} ${JSON.stringify(caught)}`).not.toContain(GEMINI_TEST_KEY);
  });

  it('retries a 429 with the SDK’s retry options (maxRetries), then returns the answer', async () => {
    const chat = await model([error('error-429.json', 429), { json: jsonFixture('gemini', 'text.json') }], {
      maxRetries: 1,
    });

    const response = await chat.call(hello);

    expect(response.message.content).toBe('Hello! How can I help you today?');
    expect(server().requests).toHaveLength(2);
    expect(server().body(1)).toEqual(server().body(0));
  });

  it('says how many retries a 429 outlasted', async () => {
    const server = await models.start(error('error-429.json', 429), error('error-429.json', 429));
    const client = new GoogleGenAI({
      apiKey: GEMINI_TEST_KEY,
      httpOptions: { baseUrl: server.url(), retryOptions: { attempts: 2, initialDelay: 0.01, jitter: 0 } },
    });
    const chat = new GeminiChatModel({ model: 'gemini-2.5-flash', client, maxRetries: 1 });

    const caught: any = await chat.call(hello).catch((failure: unknown) => failure);

    expect(caught).toBeInstanceOf(ChatModelRateLimitError);
    expect(server.requests).toHaveLength(2);
  });

  it('maps a prompt blocked without candidates to ChatModelResponseError', async () => {
    const chat = await model([{ json: jsonFixture('gemini', 'blocked.json') }]);

    const caught: any = await chat.call(hello).catch((failure: unknown) => failure);

    expect(caught).toBeInstanceOf(ChatModelResponseError);
    expect(caught.message).toBe(`${where()} refused the prompt (blocked: PROHIBITED_CONTENT)`);
  });

  it('maps a refused connection to ChatModelConnectionError', async () => {
    const chat = await model([]);
    await server().close();

    const caught: any = await chat.call(hello).catch((failure: unknown) => failure);

    expect(caught).toBeInstanceOf(ChatModelConnectionError);
    expect(caught.timedOut).toBe(false);
    expect(caught.message).toMatch(
      /model "gemini-2.5-flash" could not be reached: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
  });

  it('maps the time limit to ChatModelConnectionError with timedOut', async () => {
    const chat = await model([{ hang: true, sse: '' }], { timeoutMs: 50 });

    const caught: any = await chat.call(hello).catch((failure: unknown) => failure);

    expect(caught).toBeInstanceOf(ChatModelConnectionError);
    expect(caught.timedOut).toBe(true);
    expect(caught.message).toBe(
      `${where()} did not answer in time (time limit: 50 ms; raise it with the timeoutMs setting)`,
    );
  });

  it('rejects with the abort reason when the signal aborts during the request', async () => {
    const chat = await model([{ hang: true, sse: '' }]);
    const controller = new AbortController();

    const pending = chat.call(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const caught = await pending.catch((failure: unknown) => failure);

    expect(caught).toBe(controller.signal.reason);
  });

  it('needs an API key from the settings, GEMINI_API_KEY or GOOGLE_API_KEY', () => {
    const saved = { gemini: process.env.GEMINI_API_KEY, google: process.env.GOOGLE_API_KEY };
    delete process.env.GEMINI_API_KEY;
    delete process.env.GOOGLE_API_KEY;
    try {
      expect(() => new GeminiChatModel({ model: 'gemini-2.5-flash' })).toThrow(ChatModelConfigurationError);
      expect(() => new GeminiChatModel({ model: 'gemini-2.5-flash' })).toThrow(
        'The Gemini chat model (provider "gemini") needs an API key: set it in the apiKey setting, GEMINI_API_KEY ' +
          'or GOOGLE_API_KEY, or give an own GoogleGenAI client',
      );
      process.env.GOOGLE_API_KEY = 'from-google-api-key';
      expect(new GeminiChatModel({ model: 'gemini-2.5-flash' })).toBeInstanceOf(GeminiChatModel);
    } finally {
      for (const [name, value] of [
        ['GEMINI_API_KEY', saved.gemini],
        ['GOOGLE_API_KEY', saved.google],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
