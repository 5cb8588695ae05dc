import OpenAI from 'openai';
import { ChatModelConfigurationError, ChatModelConnectionError, userMessage } from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { prompt } from './support/chat-test.helpers';
import { ProviderTestServer } from './support/provider-test.server';

// Issue 10, item 5: secrets in connection errors.
describe('secrets in connection settings never reach an error', () => {
  let server: ProviderTestServer;
  beforeEach(async () => (server = await ProviderTestServer.start()));
  afterEach(() => server.close());

  const hello = prompt({ messages: [userMessage('Hello')] });
  const withCredentials = () => server.url('/v1').replace('http://', 'http://bob:hunter2-pass@');

  it('refuses a base URL with user:password at startup, naming the setting and not the password', () => {
    for (const create of [
      () => new OpenAiChatModel({ model: 'm', apiKey: 'sk-aaaa', baseURL: withCredentials() }),
      () => new AnthropicChatModel({ model: 'm', apiKey: 'sk-aaaa', baseURL: withCredentials() }),
    ]) {
      let error: any;
      try {
        create();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ChatModelConfigurationError);
      expect(error.setting).toBe('baseURL');
      expect(error.message).toMatch(
        /^the base URL given in the baseURL setting or (OPENAI|ANTHROPIC)_BASE_URL contains a user name or password, which the HTTP client refuses to send/,
      );
      expect(`${error.message} ${JSON.stringify(error)} ${String(error.cause)}`).not.toContain('hunter2');
    }
  });

  it('refuses an API key with a line break at startup, naming the variable and not the key', () => {
    let error: any;
    try {
      new OpenAiChatModel({ model: 'm', apiKey: 'sk-secret-part\nrest', baseURL: server.url('/v1') });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error.setting).toBe('apiKey');
    expect(error.message).toBe(
      'the value given in the apiKey setting or OPENAI_API_KEY contains a line break or another character an HTTP ' +
        'header cannot carry (the value is not shown: it may be a secret)',
    );
    expect(error.message).not.toContain('sk-secret-part');
  });

  it('maps a header the HTTP client refuses (an own client with a bad key) to a configuration error', async () => {
    const client = new OpenAI({ apiKey: 'sk-secret-part\nrest', baseURL: server.url('/v1'), maxRetries: 0 });
    const chat = new OpenAiChatModel({ model: 'm', client });

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error.message).toBe(
      'a request to openai could not be sent: a header value (the API key, a token from the token provider or one ' +
        'of the headers settings) contains a line break or another character an HTTP header cannot carry (the ' +
        'value is not shown: it may be a secret)',
    );
    expect(error.cause).toBeUndefined();
  });

  it('scrubs the password of an own client URL from the message and from the whole cause chain', async () => {
    const client = new OpenAI({ apiKey: 'sk-aaaa', baseURL: withCredentials(), maxRetries: 0 });
    const chat = new OpenAiChatModel({ model: 'm', client });

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error.message).toBe(
      'a request to openai could not be sent: its URL was refused by the HTTP client (check the base URL or ' +
        'endpoint setting; credentials belong in the apiKey or headers settings, never in the URL)',
    );
    const texts: string[] = [];
    for (let current = error; current; current = current.cause)
      texts.push(current.message, String(current.stack));
    expect(texts.join(' ')).not.toContain('hunter2');
  });

  it('scrubs secrets from the cause chain of a connection error', async () => {
    const client = new OpenAI({ apiKey: 'sk-live-abcdef', baseURL: server.url('/v1'), maxRetries: 0 });
    await server.close();
    const chat = new OpenAiChatModel({ model: 'm', client });

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.message).toMatch(/could not be reached: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.cause.message).toMatch(/fetch failed|ECONNREFUSED/);
    server = await ProviderTestServer.start();
  });
});
