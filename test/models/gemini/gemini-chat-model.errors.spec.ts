import { GoogleGenAI } from '@google/genai';
import {
  ChatModelApiError,
  ChatModelAuthenticationError,
  ChatModelConfigurationError,
  ChatModelRateLimitError,
  ChatModelResponseError,
  userMessage,
} from 'nestjs-tool-calling';
import { GeminiChatModel } from 'nestjs-tool-calling/gemini';
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
      'error-400-api-key.json',
      400,
      ChatModelAuthenticationError,
      'refused the API key (400 unauthorized): API key not valid. Please pass a valid API key. Check the key given in the apiKey setting, GEMINI_API_KEY or GOOGLE_API_KEY.',
    ],
  ])(
    'maps %s (%i), a bad key Gemini reports as 400, to an authentication error',
    async (name, status, type, text) => {
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
    },
  );

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
