import { AzureOpenAI } from 'openai';
import {
  ChatClient,
  ChatModelAuthenticationError,
  ChatModelBadRequestError,
  ChatModelConfigurationError,
  ChatModelNotFoundError,
  createChatModel,
  userMessage,
} from 'nestjs-tool-calling';
import { AzureOpenAiChatModel } from 'nestjs-tool-calling/openai';
import { assemble, AZURE_TEST_KEY, collect, prompt, WeatherTools } from '../support/chat-test.helpers';
import { fixture, jsonFixture } from '../support/provider-test.server';
import { modelsUnderTest } from '../support/models-under-test';

const VERSION = '2025-04-01-preview';
const hello = prompt({ messages: [userMessage('Hello')] });

describe('AzureOpenAiChatModel', () => {
  const models = modelsUnderTest();
  const model = models.azure;
  const server = () => models.server();

  describe('with Chat Completions (the default)', () => {
    it('posts to the deployment with the API version and the api-key header, the deployment as model', async () => {
      const chat = await model([{ json: jsonFixture('openai', 'text.json') }]);

      const response = await chat.call(hello);

      expect(response.message.content).toBe('Hello! How can I help you today?');
      const [request] = server().requests;
      expect(request.path).toBe(`/openai/deployments/weather-gpt/chat/completions?api-version=${VERSION}`);
      expect(request.headers['api-key']).toBe(AZURE_TEST_KEY);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.body).toEqual({
        model: 'weather-gpt',
        messages: [{ role: 'user', content: 'Hello' }],
        stream: false,
      });
    });

    it('completes the weather exchange through ChatClient, streamed', async () => {
      const chat = await model([
        { sse: fixture('openai', 'weather-tool-call.sse'), chunkSize: 31 },
        { sse: fixture('openai', 'weather-answer.sse'), chunkSize: 31 },
      ]);

      let text = '';
      const request = ChatClient.create(chat).prompt().user('Weather in Paris?').tools(new WeatherTools());
      for await (const piece of request.stream().content()) text += piece;

      expect(text).toBe('It is sunny in Paris, 25°C.');
      expect(server().body(1).messages[2]).toEqual({
        role: 'tool',
        tool_call_id: 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw',
        content: 'Paris: sunny, 25°C',
      });
    });
  });

  describe('with the Responses API', () => {
    it('posts to /openai/responses with the API version, store: false, the deployment as model', async () => {
      const chat = await model([{ json: jsonFixture('openai-responses', 'weather-tool-call.json') }], {
        api: 'responses',
      });

      const response = await chat.call(hello);

      expect(response.message.toolCalls).toEqual([
        { id: 'call_lQ8nuRBYdh9Q2CNbl7zuC4Xw', name: 'getWeather', arguments: '{"city":"Paris"}' },
      ]);
      const [request] = server().requests;
      expect(request.path).toBe(`/openai/responses?api-version=${VERSION}`);
      expect(request.headers['api-key']).toBe(AZURE_TEST_KEY);
      expect(request.body).toEqual({
        model: 'weather-gpt',
        input: [{ role: 'user', content: 'Hello' }],
        store: false,
        stream: false,
      });
    });

    it('streams the Responses API events', async () => {
      const chat = await model([{ sse: fixture('openai-responses', 'text.sse'), chunkSize: 53 }], {
        api: 'responses',
      });

      expect(assemble(await collect(chat.stream(hello))).text).toBe('Hello! How can I help you today?');
      expect(server().body(0).stream).toBe(true);
    });
  });

  it('authenticates with an Entra ID token provider, and keeps its tokens out of errors', async () => {
    const token = 'eyJ0eXAiOiJKV1QiLCJhbGciOi.entra-token-42';
    const echoing = { error: { code: '401', message: `Token ${token} is expired.` } };
    const chat = await model([{ json: jsonFixture('openai', 'text.json') }, { status: 401, json: echoing }], {
      apiKey: undefined,
      azureADTokenProvider: async () => token,
    });

    await chat.call(hello);
    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(server().requests[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(server().requests[0].headers['api-key']).toBeUndefined();
    expect(error).toBeInstanceOf(ChatModelAuthenticationError);
    expect(error.message).toContain('Token [redacted] is expired.');
    expect(error.message).not.toContain(token);
  });

  it.each([
    [
      'error-401.json',
      401,
      ChatModelAuthenticationError,
      'refused the API key (401 unauthorized): Access denied due to invalid subscription key',
    ],
    [
      'error-404.json',
      404,
      ChatModelNotFoundError,
      'found no such model or endpoint (404 not found): The API deployment for this resource does not exist.',
    ],
    [
      'error-400-content-filter.json',
      400,
      ChatModelBadRequestError,
      "refused the request as invalid (400 bad request): The response was filtered due to the prompt triggering Azure OpenAI's content management policy.",
    ],
  ])('maps Azure’s %s to its typed error', async (name, status, type, text) => {
    const chat = await model([{ status, json: jsonFixture('azure-openai', name) }]);

    const error: any = await chat.call(hello).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(type);
    expect(error.provider).toBe('azure-openai');
    expect(
      error.message.startsWith(`Azure OpenAI at ${server().url('/openai')}, model "weather-gpt" ${text}`),
    ).toBe(true);
  });

  it('uses an AzureOpenAI client given by the user', async () => {
    const server = await models.start({ json: jsonFixture('openai', 'text.json') });
    const client = new AzureOpenAI({
      endpoint: server.url(),
      apiVersion: '2024-10-21',
      apiKey: 'own-azure-key',
      deployment: 'own-deployment',
    });

    await new AzureOpenAiChatModel({ model: 'own-deployment', client }).call(hello);

    expect(server.requests[0].path).toBe(
      '/openai/deployments/own-deployment/chat/completions?api-version=2024-10-21',
    );
    expect(server.requests[0].headers['api-key']).toBe('own-azure-key');
  });

  it('reads the SDK’s own variables through createChatModel, and says which one is missing', () => {
    const saved = { ...process.env };
    try {
      for (const name of ['AZURE_OPENAI_API_KEY', 'AZURE_OPENAI_ENDPOINT', 'OPENAI_API_VERSION'])
        delete process.env[name];
      const create = () => createChatModel({ provider: 'azure-openai', model: 'weather-gpt' });
      expect(create).toThrow(ChatModelConfigurationError);
      expect(create).toThrow(
        'The Azure OpenAI chat model (provider "azure-openai") needs an endpoint: set it in the endpoint setting or ' +
          'AZURE_OPENAI_ENDPOINT',
      );
      process.env.AZURE_OPENAI_ENDPOINT = 'https://my-resource.openai.azure.com';
      expect(create).toThrow('needs an API version: set it in the apiVersion setting or OPENAI_API_VERSION');
      process.env.OPENAI_API_VERSION = VERSION;
      expect(create).toThrow('needs an API key: set it in the apiKey setting or AZURE_OPENAI_API_KEY');
      process.env.AZURE_OPENAI_API_KEY = 'azure-key-from-env';
      expect(create()).toBeInstanceOf(AzureOpenAiChatModel);
      expect((create() as AzureOpenAiChatModel).model).toBe('weather-gpt');
    } finally {
      process.env = saved;
    }
  });
});
