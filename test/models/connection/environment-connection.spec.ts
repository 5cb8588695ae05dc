import { createServer } from 'node:net';
import { ChatModelConnectionError } from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { withEnv } from '../../module/with-env';
import { failure, prompt, thrownBy } from '../support/chat-test.helpers';
import { jsonFixture, ProviderTestServer } from '../support/provider-test.server';

const hello = prompt({ messages: [{ role: 'user', content: 'Hello' }] });

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a connection from the environment alone', () => {
  let server: ProviderTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('reaches Anthropic through ANTHROPIC_BASE_URL without a key, as OpenAI does through OPENAI_BASE_URL', async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture('anthropic', 'text.json') },
      { json: jsonFixture('openai', 'text.json') },
    );
    const url = server.url();

    const [anthropic, openAi] = await withEnv(
      { ANTHROPIC_BASE_URL: url, OPENAI_BASE_URL: `${url}/v1` },
      async () => [
        await new AnthropicChatModel({ model: 'claude-sonnet-5-5', maxRetries: 0 }).call(hello),
        await new OpenAiChatModel({ model: 'gpt-4o-mini', maxRetries: 0 }).call(hello),
      ],
    );

    expect(anthropic.message.content).toBeTruthy();
    expect(openAi.message.content).toBeTruthy();
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/messages', '/v1/chat/completions']);
    // No credential is made up for a gateway that adds its own.
    expect(server.requests[0].headers['x-api-key']).toBeUndefined();
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('names the base URL from OPENAI_BASE_URL and ANTHROPIC_BASE_URL in connection errors, with the root cause', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;

    const [openAi, anthropic] = await withEnv(
      { OPENAI_BASE_URL: `${url}/v1`, ANTHROPIC_BASE_URL: url },
      async () => [
        await failure(
          new OpenAiChatModel({ model: 'gpt-4o-mini', apiKey: 'sk-test-1234', maxRetries: 0 }).call(hello),
        ),
        await failure(new AnthropicChatModel({ model: 'claude-sonnet-5-5', maxRetries: 0 }).call(hello)),
      ],
    );

    expect(openAi).toBeInstanceOf(ChatModelConnectionError);
    expect(openAi.message).toBe(
      `OpenAI-compatible endpoint at ${url}/v1, model "gpt-4o-mini" could not be reached: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(anthropic).toBeInstanceOf(ChatModelConnectionError);
    expect(anthropic.message).toBe(
      `Anthropic at ${url}, model "claude-sonnet-5-5" could not be reached: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('still refuses Anthropic with neither a key nor a base URL, naming both variables', async () => {
    const error = await withEnv({}, () =>
      thrownBy(() => new AnthropicChatModel({ model: 'claude-sonnet-5-5' })),
    );

    expect(error?.message).toBe(
      'The Anthropic chat model (provider "anthropic") needs an API key: set it in the apiKey setting or ' +
        'ANTHROPIC_API_KEY (a gateway that adds its own credentials needs only a baseURL)',
    );
  });
});
