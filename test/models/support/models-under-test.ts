import { AnthropicChatModel, type AnthropicChatModelOptions } from 'nestjs-tool-calling/anthropic';
import {
  AzureOpenAiChatModel,
  OpenAiChatModel,
  OpenAiResponsesChatModel,
  type AzureOpenAiChatModelOptions,
  type OpenAiChatModelOptions,
  type OpenAiResponsesChatModelOptions,
} from 'nestjs-tool-calling/openai';
import { GeminiChatModel, type GeminiChatModelOptions } from 'nestjs-tool-calling/gemini';
import { ANTHROPIC_TEST_KEY, AZURE_TEST_KEY, GEMINI_TEST_KEY, OPENAI_TEST_KEY } from './chat-test.helpers';
import { ProviderTestServer, type ScriptedReply } from './provider-test.server';

/**
 * For a describe block: each adapter against a fresh loopback server answering `replies` (no SDK retries unless
 * `settings` say so), the server of the current test as `server()`, closed after each test.
 */
export function modelsUnderTest() {
  let current: ProviderTestServer | undefined;

  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  const start = async (...replies: ScriptedReply[]): Promise<ProviderTestServer> => {
    await current?.close();
    current = await ProviderTestServer.start(...replies);
    return current;
  };

  return {
    start,
    server: (): ProviderTestServer => {
      if (!current) throw new Error('no test server was started in this test');
      return current;
    },
    openAi: async (replies: ScriptedReply[], settings: Partial<OpenAiChatModelOptions> = {}) => {
      const server = await start(...replies);
      return new OpenAiChatModel({
        model: 'gpt-4o-mini',
        apiKey: OPENAI_TEST_KEY,
        baseURL: server.url('/v1'),
        maxRetries: 0,
        ...settings,
      });
    },
    openAiResponses: async (
      replies: ScriptedReply[],
      settings: Partial<OpenAiResponsesChatModelOptions> = {},
    ) => {
      const server = await start(...replies);
      return new OpenAiResponsesChatModel({
        model: 'gpt-4.1-mini',
        apiKey: OPENAI_TEST_KEY,
        baseURL: server.url('/v1'),
        maxRetries: 0,
        ...settings,
      });
    },
    azure: async (replies: ScriptedReply[], settings: Partial<AzureOpenAiChatModelOptions> = {}) => {
      const server = await start(...replies);
      return new AzureOpenAiChatModel({
        model: 'weather-gpt',
        endpoint: server.url(),
        apiVersion: '2025-04-01-preview',
        apiKey: AZURE_TEST_KEY,
        maxRetries: 0,
        ...settings,
      });
    },
    gemini: async (replies: ScriptedReply[], settings: Partial<GeminiChatModelOptions> = {}) => {
      const server = await start(...replies);
      return new GeminiChatModel({
        model: 'gemini-2.5-flash',
        apiKey: GEMINI_TEST_KEY,
        baseURL: server.url(),
        maxRetries: 0,
        ...settings,
      });
    },
    anthropic: async (replies: ScriptedReply[], settings: Partial<AnthropicChatModelOptions> = {}) => {
      const server = await start(...replies);
      return new AnthropicChatModel({
        model: 'claude-sonnet-5-5',
        apiKey: ANTHROPIC_TEST_KEY,
        baseURL: server.url(),
        maxRetries: 0,
        ...settings,
      });
    },
  };
}
