import { Module, type INestApplication, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  CHAT_MODEL,
  ChatClient,
  ToolCallingManager,
  ToolCallingModule,
  createChatModel,
  type ChatModelSettings,
} from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { AzureOpenAiChatModel, OpenAiResponsesChatModel, OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { GeminiChatModel } from 'nestjs-tool-calling/gemini';
import {
  ConfigServiceAppModule,
  ConfiguredAppModule,
  OllamaAppModule,
  OptionsFactoryAppModule,
  WeatherTools,
  anthropic,
  askSafely,
  azureOpenAi,
  azureWithEntraId,
  gemini,
  geminiWithOwnRetries,
  openAiResponses,
  openAiThroughOwnFetch,
  deepSeek,
  ollama,
  openAi,
  patientOpenAi,
  strictForSomeTools,
  strictOpenAi,
  tunedGemini,
  weatherChat,
} from '../../docs/examples/providers-and-configuration.example';
import { withEnv } from '../module/with-env';
import { PNG_BASE64, chartResult, conversationWith, responseOf } from '../models/support/rich-tool-results';
import { jsonFixture, ProviderTestServer, type ScriptedReply } from '../models/support/provider-test.server';

const OPENAI_EXCHANGE: ScriptedReply[] = [
  { json: jsonFixture('openai', 'weather-tool-call.json') },
  { json: jsonFixture('openai', 'weather-answer.json') },
];
const ANTHROPIC_EXCHANGE: ScriptedReply[] = [
  { json: jsonFixture('anthropic', 'weather-tool-use.json') },
  { json: jsonFixture('anthropic', 'weather-answer.json') },
];
const QUESTION = 'What is the weather in Paris?';
const exchange = (folder: 'openai-responses' | 'gemini'): ScriptedReply[] => [
  { json: jsonFixture(folder, 'weather-tool-call.json') },
  { json: jsonFixture(folder, 'weather-answer.json') },
];

async function start(rootModule: Type): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [rootModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

/** A module around `ToolCallingModule.forRoot({ chatModel: settings })`, as the page shows. */
function moduleWith(settings: ChatModelSettings): Type {
  @Module({ imports: [ToolCallingModule.forRoot({ chatModel: settings })], providers: [WeatherTools] })
  class SettingsModule {}
  return SettingsModule;
}

async function ask(rootModule: Type): Promise<{ answer: string; manager: ToolCallingManager }> {
  const app = await start(rootModule);
  try {
    const answer = await app.get(ChatClient).prompt(QUESTION).call().content();
    return { answer, manager: app.get(ToolCallingManager) };
  } finally {
    await app.close();
  }
}

describe('docs/examples/providers-and-configuration.example.ts', () => {
  let server: ProviderTestServer;

  afterEach(() => server?.close());

  it('openAi: the key from OPENAI_API_KEY', async () => {
    server = await ProviderTestServer.start(...OPENAI_EXCHANGE);
    const { answer } = await withEnv({ OPENAI_API_KEY: 'sk-docs', OPENAI_BASE_URL: server.url('/v1') }, () =>
      ask(moduleWith(openAi)),
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-docs');
    expect(server.body(0).model).toBe('gpt-4o-mini');
    expect(server.body(1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Paris: sunny, 25°C' });
  });

  it('ollama: a base URL and no key (OllamaAppModule, with the address of the stand-in)', async () => {
    server = await ProviderTestServer.start(...OPENAI_EXCHANGE);
    expect(ollama).toMatchObject({ baseURL: 'http://localhost:11434/v1' });
    const { answer } = await withEnv({}, async () => {
      // The module starts with no key at all.
      const moduleRef = await Test.createTestingModule({ imports: [OllamaAppModule] }).compile();
      expect(moduleRef.get(CHAT_MODEL)).toBeInstanceOf(OpenAiChatModel);
      await moduleRef.close();
      return ask(moduleWith({ ...ollama, baseURL: server.url('/v1') }));
    });
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.body(0).model).toBe('llama3.1');
  });

  it('deepSeek: an OpenAI-compatible provider with its own key', async () => {
    server = await ProviderTestServer.start(...OPENAI_EXCHANGE);
    const model = createChatModel({ ...deepSeek, apiKey: 'sk-deepseek', baseURL: server.url('/v1') });
    expect(model).toBeInstanceOf(OpenAiChatModel);
    const answer = await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt(QUESTION)
      .call()
      .content();
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-deepseek');
    expect(server.body(0).model).toBe('deepseek-chat');
  });

  it('anthropic: the key from ANTHROPIC_API_KEY, max_tokens from the settings', async () => {
    server = await ProviderTestServer.start(...ANTHROPIC_EXCHANGE);
    const { answer } = await withEnv(
      { ANTHROPIC_API_KEY: 'sk-ant-docs', ANTHROPIC_BASE_URL: server.url() },
      () => ask(moduleWith(anthropic)),
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.body(0)).toMatchObject({ model: 'claude-sonnet-4-6', max_tokens: 2048 });
  });

  it('weatherChat(): an AnthropicChatModel and ChatClient.create()', async () => {
    server = await ProviderTestServer.start(...ANTHROPIC_EXCHANGE);
    const answer = await withEnv(
      { ANTHROPIC_API_KEY: 'sk-ant-docs', ANTHROPIC_BASE_URL: server.url() },
      () => {
        const chat = weatherChat();
        expect(chat.chatModel).toBeInstanceOf(AnthropicChatModel);
        return chat.prompt(QUESTION).call().content();
      },
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.body(0).max_tokens).toBe(4096);
  });

  it.each([
    ['ConfiguredAppModule', ConfiguredAppModule, 'tell-model'],
    ['ConfigServiceAppModule', ConfigServiceAppModule, 'error'],
    ['OptionsFactoryAppModule', OptionsFactoryAppModule, 'error'],
  ])('%s reads the model and the limits from the environment', async (_name, rootModule, onLimit) => {
    server = await ProviderTestServer.start(...OPENAI_EXCHANGE);
    const env = {
      OPENAI_BASE_URL: server.url('/v1'),
      OPENAI_MODEL: 'llama3.1',
      TOOL_CALLING_MAX_ROUNDS: '4',
    };
    const { answer, manager } = await withEnv(env, () => ask(rootModule));
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.body(0).model).toBe('llama3.1');
    expect(manager.limits).toMatchObject({ maxRounds: 4, onLimit });
    if (rootModule === OptionsFactoryAppModule) {
      expect(server.body(0).messages[0]).toEqual({ role: 'system', content: 'You are a weather assistant.' });
    }
  });

  it('strict mode: every tool, or the listed ones', async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture('openai', 'text.json') },
      { json: jsonFixture('openai', 'text.json') },
    );
    for (const settings of [strictOpenAi, strictForSomeTools]) {
      const model = createChatModel({ ...settings, apiKey: 'sk-docs', baseURL: server.url('/v1') });
      await ChatClient.create(model, { tools: [new WeatherTools()] })
        .prompt('Hi')
        .call()
        .content();
    }
    for (const n of [0, 1]) {
      expect(server.body(n).tools[0].function).toMatchObject({ name: 'getWeather', strict: true });
    }
  });

  it('patientOpenAi: retries and the default options', async () => {
    server = await ProviderTestServer.start(
      { status: 429, headers: { 'retry-after-ms': '1' }, json: jsonFixture('openai', 'error-429.json') },
      { json: jsonFixture('openai', 'text.json') },
    );
    const model = createChatModel({ ...patientOpenAi, apiKey: 'sk-docs', baseURL: server.url('/v1') });
    await expect(ChatClient.create(model).prompt('Hi').call().content()).resolves.toBe(
      'Hello! How can I help you today?',
    );
    expect(server.requests).toHaveLength(2);
    expect(server.body(1).temperature).toBe(0);
  });

  it('askSafely() turns the adapters’ errors into answers', async () => {
    server = await ProviderTestServer.start(
      { status: 429, json: jsonFixture('openai', 'error-429.json') },
      { status: 401, json: jsonFixture('openai', 'error-401.json') },
    );
    const model = new OpenAiChatModel({
      model: 'gpt-4o-mini',
      apiKey: 'sk-docs',
      baseURL: server.url('/v1'),
      maxRetries: 0,
    });
    const chat = ChatClient.create(model);
    expect(await askSafely(chat, 'Hi')).toBe('The assistant is busy; try again in a minute.');
    expect(await askSafely(chat, 'Hi')).toBe('The assistant failed (ChatModelAuthenticationError).');

    const closed = await ProviderTestServer.start();
    const unreachableUrl = closed.url('/v1');
    await closed.close();
    const unreachable = new OpenAiChatModel({
      model: 'gpt-4o-mini',
      apiKey: 'sk-docs',
      baseURL: unreachableUrl,
      maxRetries: 0,
    });
    expect(await askSafely(ChatClient.create(unreachable), 'Hi')).toBe('The assistant cannot be reached.');
  });

  it('openAiResponses: the Responses API, store: false, the key from OPENAI_API_KEY', async () => {
    server = await ProviderTestServer.start(...exchange('openai-responses'));
    const { answer } = await withEnv({ OPENAI_API_KEY: 'sk-docs', OPENAI_BASE_URL: server.url('/v1') }, () =>
      ask(moduleWith(openAiResponses)),
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].path).toBe('/v1/responses');
    expect(server.body(0)).toMatchObject({
      model: 'o4-mini',
      store: false,
      include: ['reasoning.encrypted_content'],
    });
    expect(createChatModel({ ...openAiResponses, apiKey: 'k' })).toBeInstanceOf(OpenAiResponsesChatModel);
  });

  it('azureOpenAi: the deployment, the endpoint, the API version, the key from AZURE_OPENAI_API_KEY', async () => {
    server = await ProviderTestServer.start(...OPENAI_EXCHANGE);
    const { answer } = await withEnv({ AZURE_OPENAI_API_KEY: 'azure-docs-key' }, () =>
      ask(moduleWith({ ...azureOpenAi, endpoint: server.url() } as ChatModelSettings)),
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].path).toBe(
      '/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21',
    );
    expect(server.requests[0].headers['api-key']).toBe('azure-docs-key');
  });

  it('azureWithEntraId: a bearer token from the token provider, the Responses API', async () => {
    server = await ProviderTestServer.start(...exchange('openai-responses'));
    const settings = {
      ...azureWithEntraId(async () => 'entra-token'),
      endpoint: server.url(),
    } as ChatModelSettings;
    const model = await withEnv({}, () => createChatModel(settings));
    expect(model).toBeInstanceOf(AzureOpenAiChatModel);
    const answer = await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt(QUESTION)
      .call()
      .content();
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].path).toBe('/openai/responses?api-version=2025-04-01-preview');
    expect(server.requests[0].headers.authorization).toBe('Bearer entra-token');
  });

  it('gemini: the key from GEMINI_API_KEY, the base URL from GEMINI_BASE_URL', async () => {
    server = await ProviderTestServer.start(...exchange('gemini'));
    const { answer } = await withEnv(
      { GEMINI_API_KEY: 'gemini-docs-key', GEMINI_BASE_URL: server.url() },
      () => ask(moduleWith(gemini)),
    );
    expect(answer).toBe('It is sunny in Paris, 25°C.');
    expect(server.requests[0].path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(server.requests[0].headers['x-goog-api-key']).toBe('gemini-docs-key');
  });

  it('tunedGemini: toolResultMedia puts an image result after the function response, not inside it', async () => {
    server = await ProviderTestServer.start({ json: jsonFixture('gemini', 'weather-answer.json') });
    const model = createChatModel({ ...tunedGemini, apiKey: 'gemini-docs-key', baseURL: server.url() });

    await model.call({ messages: conversationWith(responseOf(chartResult())), tools: [], options: {} });

    expect(server.requests[0].path).toBe('/v1beta/tunedModels/ticket-triage-7f2c:generateContent');
    const [functionResponse, label, image] = server.body(0).contents[2].parts;
    expect(functionResponse.functionResponse).not.toHaveProperty('parts');
    expect(label).toEqual({ text: 'The result of tool "ticketChart" (call call_chart_1) attached:' });
    expect(image).toEqual({ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } });
  });

  it('openAiThroughOwnFetch and geminiWithOwnRetries: the adapters use the given SDK clients', async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture('openai', 'text.json') },
      { status: 503, json: jsonFixture('gemini', 'error-503.json') },
      { json: jsonFixture('gemini', 'text.json') },
    );
    const seen: string[] = [];
    const ownFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const openAiAnswer = await withEnv(
      { OPENAI_API_KEY: 'sk-docs', OPENAI_BASE_URL: server.url('/v1') },
      () => ChatClient.create(openAiThroughOwnFetch(ownFetch)).prompt('Hi').call().content(),
    );
    expect(openAiAnswer).toBe('Hello! How can I help you today?');
    expect(seen).toEqual([server.url('/v1/chat/completions')]);

    const model = await withEnv(
      { GEMINI_API_KEY: 'gemini-docs-key', GOOGLE_GEMINI_BASE_URL: server.url() },
      () => geminiWithOwnRetries(),
    );
    expect(model).toBeInstanceOf(GeminiChatModel);
    expect(await ChatClient.create(model).prompt('Hi').call().content()).toBe(
      'Hello! How can I help you today?',
    );
    expect(server.requests).toHaveLength(3);
  });
});
