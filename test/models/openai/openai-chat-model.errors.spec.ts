import {
  ChatModelApiError,
  ChatModelBadRequestError,
  ChatModelError,
  ChatModelNotFoundError,
  ChatModelRateLimitError,
  ChatModelResponseError,
  ChatModelServerError,
  ToolCallingError,
  userMessage,
} from 'nestjs-tool-calling';
import { prompt, failure } from '../support/chat-test.helpers';
import { jsonFixture, type ScriptedReply } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const RETRY_NOW = { 'retry-after-ms': '1' };

describe('OpenAiChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.openAi;
  const server = () => models.server();

  const hello = prompt({ messages: [userMessage('Hello')] });

  it('maps 400 to ChatModelBadRequestError with the status and the provider message', async () => {
    const chat = await model([{ status: 400, json: jsonFixture('openai', 'error-400.json') }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelBadRequestError);
    expect(error).toBeInstanceOf(ChatModelApiError);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error).toBeInstanceOf(ToolCallingError);
    expect(error.name).toBe('ChatModelBadRequestError');
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" refused the request as invalid ` +
        "(400 bad request): Invalid schema for function 'getWeather': In context=(), 'required' is required to be " +
        "supplied and to be an array including every key in properties. Missing 'unit'.",
    );
    expect(error).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      status: 400,
      errorType: 'invalid_request_error',
      errorCode: 'invalid_function_parameters',
    });
    expect(server().requests).toHaveLength(1);
  });

  it('maps 404 to ChatModelNotFoundError that says to check the model name and base URL', async () => {
    const chat = await model([{ status: 404, json: jsonFixture('openai', 'error-404.json') }], {
      model: 'gpt-5-nonexistent',
    });

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelNotFoundError);
    expect(error.name).toBe('ChatModelNotFoundError');
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-5-nonexistent" found no such model or ` +
        'endpoint (404 not found): The model `gpt-5-nonexistent` does not exist or you do not have access to it. ' +
        'Check the model name and the base URL.',
    );
    expect(error).toMatchObject({ status: 404, errorCode: 'model_not_found', model: 'gpt-5-nonexistent' });
  });

  it('maps a 429 that outlasts the retries to ChatModelRateLimitError', async () => {
    const limited: ScriptedReply = {
      status: 429,
      headers: { ...RETRY_NOW, 'x-request-id': 'req_abc123' },
      json: jsonFixture('openai', 'error-429.json'),
    };
    const chat = await model([limited, limited], { maxRetries: 1 });

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelRateLimitError);
    expect(error.name).toBe('ChatModelRateLimitError');
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" is rate limiting the requests ` +
        '(429 too many requests, still after 1 retry): Rate limit reached for gpt-4o-mini in organization org-Xy12 ' +
        'on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.',
    );
    expect(error).toMatchObject({ status: 429, errorCode: 'rate_limit_exceeded', requestId: 'req_abc123' });
    expect(server().requests).toHaveLength(2);
  });

  it('maps 5xx to ChatModelServerError after the retries, also for a body that is not JSON', async () => {
    const chat = await model(
      [
        { status: 500, headers: RETRY_NOW, json: jsonFixture('openai', 'error-500.json') },
        { status: 502, headers: RETRY_NOW, raw: '<html><body>502 Bad Gateway</body></html>' },
      ],
      { maxRetries: 1 },
    );

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.name).toBe('ChatModelServerError');
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" failed to answer ` +
        '(502 server error, still after 1 retry): <html><body>502 Bad Gateway</body></html>',
    );
  });

  it('maps another status to ChatModelApiError, and shortens a long provider message', async () => {
    const long = 'x'.repeat(2000);
    const chat = await model([{ status: 422, json: { error: { message: long, type: 'BadRequestError' } } }]);

    const error = await failure(chat.call(hello));

    expect(error.constructor).toBe(ChatModelApiError);
    expect(error.name).toBe('ChatModelApiError');
    expect(error.status).toBe(422);
    expect(error.providerMessage).toBe(`${'x'.repeat(500)}… (2000 characters)`);
    expect(error.message).toContain('answered with status 422: xxx');
  });

  it('maps a response without choices to ChatModelResponseError', async () => {
    const chat = await model([{ json: jsonFixture('openai', 'no-choices.json') }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.name).toBe('ChatModelResponseError');
    expect(error.message).toBe(
      `OpenAI-compatible endpoint at ${server().url('/v1')}, model "gpt-4o-mini" answered without any choice: the ` +
        'response holds no message',
    );
  });

  it('maps a response body that is not JSON to ChatModelResponseError', async () => {
    const chat = await model([{ raw: '{"id": "chatcmpl-1", "choices": [' }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toMatch(/model "gpt-4o-mini" sent a response that is not valid JSON \(.+\)$/);
  });
});
