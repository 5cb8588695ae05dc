import {
  ChatModelApiError,
  ChatModelAuthenticationError,
  ChatModelBadRequestError,
  ChatModelConnectionError,
  ChatModelError,
  ChatModelNotFoundError,
  ChatModelPermissionError,
  ChatModelRateLimitError,
  ChatModelServerError,
  userMessage,
} from '../../../lib';
import { ANTHROPIC_TEST_KEY, prompt } from '../support/chat-test.helpers';
import { runInNodeRealm } from '../support/node-realm.runner';
import { jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const RETRY_NOW = { 'retry-after-ms': '1' };

describe('AnthropicChatModel errors', () => {
  const models = modelsUnderTest();
  const model = models.anthropic;
  const server = () => models.server();

  async function failure(promise: Promise<unknown>): Promise<any> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection');
  }

  const hello = prompt({ messages: [userMessage('Hello')] });
  const where = () => `Anthropic at ${server().url()}, model "claude-sonnet-5-5"`;

  it('maps 400 to ChatModelBadRequestError with the status, type, request id and provider message', async () => {
    const chat = await model([
      {
        status: 400,
        headers: { 'request-id': 'req_011CSHoEeqs5C35K2UUqR7Fy' },
        json: jsonFixture('anthropic', 'error-400.json'),
      },
    ]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelBadRequestError);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error.name).toBe('ChatModelBadRequestError');
    expect(error.message).toBe(
      `${where()} refused the request as invalid (400 bad request): messages.1.content.0: unexpected ` +
        '`tool_use_id` found in `tool_result` blocks: toolu_01X. Each `tool_result` block must have a corresponding ' +
        '`tool_use` block in the previous message.',
    );
    expect(error).toMatchObject({
      provider: 'anthropic',
      status: 400,
      errorType: 'invalid_request_error',
      requestId: 'req_011CSHoEeqs5C35K2UUqR7Fy',
    });
  });

  it('maps 401 to ChatModelAuthenticationError without the API key', async () => {
    const chat = await model([{ status: 401, json: jsonFixture('anthropic', 'error-401.json') }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelAuthenticationError);
    expect(error.name).toBe('ChatModelAuthenticationError');
    expect(error.message).toBe(
      `${where()} refused the API key (401 unauthorized): invalid x-api-key: [redacted]. Check the key given in ` +
        'the apiKey setting or ANTHROPIC_API_KEY.',
    );
    expect(JSON.stringify(error)).not.toContain(ANTHROPIC_TEST_KEY);
  });

  it('maps 403 to ChatModelPermissionError', async () => {
    const chat = await model([{ status: 403, json: jsonFixture('anthropic', 'error-403.json') }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelPermissionError);
    expect(error.message).toBe(
      `${where()} does not allow this API key to use the model or endpoint (403 forbidden): Your API key does not ` +
        'have permission to use the specified resource.',
    );
  });

  it('maps 404 to ChatModelNotFoundError', async () => {
    const chat = await model([{ status: 404, json: jsonFixture('anthropic', 'error-404.json') }]);

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelNotFoundError);
    expect(error.message).toBe(
      `${where()} found no such model or endpoint (404 not found): model: claude-nonexistent-9. Check the model ` +
        'name and the base URL.',
    );
    expect(error.errorType).toBe('not_found_error');
  });

  it('retries a 429 as the SDK does, then returns the answer', async () => {
    const chat = await model(
      [
        { status: 429, headers: RETRY_NOW, json: jsonFixture('anthropic', 'error-429.json') },
        { json: jsonFixture('anthropic', 'text.json') },
      ],
      { maxRetries: 1 },
    );

    const response = await chat.call(hello);

    expect(response.message.content).toBe('Hello! How can I help you today?');
    expect(server().requests).toHaveLength(2);
    expect(server().body(1)).toEqual(server().body(0));
  });

  it('maps a 429 that outlasts the retries to ChatModelRateLimitError', async () => {
    const limited = { status: 429, headers: RETRY_NOW, json: jsonFixture('anthropic', 'error-429.json') };
    const chat = await model([limited, limited, limited], { maxRetries: 2 });

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelRateLimitError);
    expect(error.message).toBe(
      `${where()} is rate limiting the requests (429 too many requests, still after 2 retries): This request would ` +
        'exceed the rate limit for your organization of 50 requests per minute.',
    );
    expect(server().requests).toHaveLength(3);
  });

  it('maps 529 overloaded to ChatModelServerError after the retries', async () => {
    const overloaded = { status: 529, headers: RETRY_NOW, json: jsonFixture('anthropic', 'error-529.json') };
    const chat = await model([overloaded, overloaded], { maxRetries: 1 });

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelServerError);
    expect(error.name).toBe('ChatModelServerError');
    expect(error.message).toBe(
      `${where()} failed to answer (529 server error, still after 1 retry): Overloaded`,
    );
    expect(error).toMatchObject({ status: 529, errorType: 'overloaded_error' });
  });

  it('maps another status to ChatModelApiError', async () => {
    const chat = await model([
      {
        status: 413,
        json: {
          type: 'error',
          error: {
            type: 'request_too_large',
            message: 'Request exceeds the maximum allowed number of bytes.',
          },
        },
      },
    ]);

    const error = await failure(chat.call(hello));

    expect(error.constructor).toBe(ChatModelApiError);
    expect(error.message).toBe(
      `${where()} answered with status 413: Request exceeds the maximum allowed number of bytes.`,
    );
  });

  it('maps a refused connection to ChatModelConnectionError', async () => {
    const chat = await model([]);
    await server().close();

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.timedOut).toBe(false);
    expect(error.message).toMatch(
      /model "claude-sonnet-5-5" could not be reached: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
  });

  it('maps the SDK time limit to ChatModelConnectionError with timedOut', async () => {
    // Plain Node, as for OpenAI: Jest's sandbox hides the time-out from the SDK.
    await models.start({ hang: true, sse: '' });
    const settings = {
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: ANTHROPIC_TEST_KEY,
      maxRetries: 0,
    };

    const output = await runInNodeRealm('chat-model-call.probe.ts', {
      PROBE_SETTINGS: JSON.stringify({ ...settings, baseURL: server().url(), timeoutMs: 100 }),
    });

    expect(JSON.parse(output)).toEqual({
      name: 'ChatModelConnectionError',
      timedOut: true,
      message: `${where()} did not answer in time (time limit: 100 ms; raise it with the timeoutMs setting)`,
    });
  });

  it('rejects with the abort reason when the signal aborts during the request', async () => {
    const chat = await model([{ hang: true, sse: '' }]);
    const controller = new AbortController();

    const pending = chat.call(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);

    expect(error).toBe(controller.signal.reason);
    expect(error.name).toBe('AbortError');
  });
});
