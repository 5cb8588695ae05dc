// Compiled by `npm run typecheck`: every sample in docs/providers-and-configuration.md comes from this file, and
// test/docs/providers-and-configuration.example.spec.ts runs each provider against a loopback server that answers in
// its wire format.
import { GoogleGenAI } from '@google/genai';
import { Inject, Injectable, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import OpenAI from 'openai';
import {
  ChatClient,
  ChatModelConnectionError,
  ChatModelError,
  ChatModelRateLimitError,
  Tool,
  ToolCallingModule,
  ToolParam,
  type ChatModelSettings,
  type ToolCallingModuleOptions,
  type ToolCallingOptionsFactory,
} from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { GeminiChatModel } from 'nestjs-tool-calling/gemini';
import { OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather of a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: sunny, 25°C`;
  }
}

// --- Provider settings ----------------------------------------------------------------------------------------
// OpenAI: the key comes from OPENAI_API_KEY unless `apiKey` is set.
export const openAi: ChatModelSettings = { provider: 'openai', model: 'gpt-4o-mini' };

// Ollama (or vLLM, LM Studio…): an OpenAI-compatible server on this machine; no key.
export const ollama: ChatModelSettings = {
  provider: 'openai',
  model: 'llama3.1',
  baseURL: 'http://localhost:11434/v1',
};

@Module({
  imports: [ToolCallingModule.forRoot({ chatModel: ollama })],
  providers: [WeatherTools],
})
export class OllamaAppModule {}

// Another OpenAI-compatible provider: its base URL, its key, its model names.
export const deepSeek: ChatModelSettings = {
  provider: 'openai',
  model: 'deepseek-chat',
  baseURL: 'https://api.deepseek.com/v1',
  apiKey: process.env.DEEPSEEK_API_KEY,
};

// Anthropic: the key comes from ANTHROPIC_API_KEY unless `apiKey` is set.
export const anthropic: ChatModelSettings = {
  provider: 'anthropic',
  model: 'claude-sonnet-4-6',
  maxTokens: 2048,
};

// OpenAI's Responses API: stateless (store: false) unless told otherwise; the key from OPENAI_API_KEY.
export const openAiResponses: ChatModelSettings = { provider: 'openai-responses', model: 'o4-mini' };

// Azure OpenAI: the deployment is the model; the endpoint, API version and key default to AZURE_OPENAI_ENDPOINT,
// OPENAI_API_VERSION and AZURE_OPENAI_API_KEY.
export const azureOpenAi: ChatModelSettings = {
  provider: 'azure-openai',
  model: 'gpt-4o-prod',
  endpoint: 'https://my-resource.openai.azure.com',
  apiVersion: '2024-10-21',
};

// Azure OpenAI with Microsoft Entra ID instead of a key, through the Responses API.
export function azureWithEntraId(getToken: () => Promise<string>): ChatModelSettings {
  return {
    provider: 'azure-openai',
    api: 'responses',
    model: 'gpt-4o-prod',
    endpoint: 'https://my-resource.openai.azure.com',
    apiVersion: '2025-04-01-preview',
    azureADTokenProvider: getToken,
  };
}

// Google Gemini: the key from GEMINI_API_KEY (or GOOGLE_API_KEY) unless `apiKey` is set.
export const gemini: ChatModelSettings = { provider: 'gemini', model: 'gemini-2.5-flash' };

// A tuned Gemini 2.5 model: its name does not say which Gemini it is, so the setting does.
export const tunedGemini: ChatModelSettings = {
  provider: 'gemini',
  model: 'tunedModels/ticket-triage-7f2c',
  toolResultMedia: 'user-content',
};

// --- Your own SDK client --------------------------------------------------------------------------------------
// Every request through a fetch of your own (a proxy agent, logging…).
export function openAiThroughOwnFetch(ownFetch: typeof fetch): OpenAiChatModel {
  const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY, fetch: ownFetch, maxRetries: 5 });
  return new OpenAiChatModel({ model: 'gpt-4o-mini', client });
}

// Gemini with retry options of your own (or Vertex AI: new GoogleGenAI({ vertexai: true, project, location })).
export function geminiWithOwnRetries(): GeminiChatModel {
  const client = new GoogleGenAI({
    apiKey: process.env.GEMINI_API_KEY,
    httpOptions: { retryOptions: { attempts: 4, initialDelay: 0.5 } },
  });
  return new GeminiChatModel({ model: 'gemini-2.5-flash', client });
}

// --- A model of your own, outside the module ------------------------------------------------------------------
export function weatherChat(): ChatClient {
  const claude = new AnthropicChatModel({
    model: 'claude-sonnet-4-6',
    apiKey: process.env.ANTHROPIC_API_KEY,
  });
  return ChatClient.create(claude, { tools: [new WeatherTools()] });
}

// --- From the environment, through @nestjs/config -------------------------------------------------------------
@Module({
  imports: [
    ConfigModule.forRoot(),
    ToolCallingModule.forRootAsync({
      imports: [ConfigModule.forFeature(toolCallingConfig)],
      inject: [toolCallingConfig.KEY],
      useFactory: (config: ToolCallingConfig) => ({
        chatModel: config.chatModel,
        limits: { ...config.limits, onLimit: 'tell-model' },
      }),
    }),
  ],
  providers: [WeatherTools],
})
export class ConfiguredAppModule {}

// The same namespace, read through ConfigService.
@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, load: [toolCallingConfig] }),
    ToolCallingModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => config.getOrThrow<ToolCallingConfig>('toolCalling'),
    }),
  ],
  providers: [WeatherTools],
})
export class ConfigServiceAppModule {}

// An options factory class.
@Injectable()
export class ToolCallingOptions implements ToolCallingOptionsFactory {
  constructor(@Inject(toolCallingConfig.KEY) private readonly config: ToolCallingConfig) {}

  createToolCallingOptions(): ToolCallingModuleOptions {
    return { ...this.config, defaults: { system: 'You are a weather assistant.' } };
  }
}

@Module({
  imports: [
    ConfigModule.forRoot(),
    ToolCallingModule.forRootAsync({
      imports: [ConfigModule.forFeature(toolCallingConfig)],
      useClass: ToolCallingOptions,
    }),
  ],
  providers: [WeatherTools],
})
export class OptionsFactoryAppModule {}

// --- OpenAI strict mode ---------------------------------------------------------------------------------------
export const strictOpenAi: ChatModelSettings = { provider: 'openai', model: 'gpt-4o-mini', strict: true };

export const strictForSomeTools: ChatModelSettings = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  strictTools: ['getWeather'],
};

// --- Retries and time limits ----------------------------------------------------------------------------------
export const patientOpenAi: ChatModelSettings = {
  provider: 'openai',
  model: 'gpt-4o-mini',
  timeoutMs: 30_000,
  maxRetries: 4,
  defaultOptions: { temperature: 0 },
};

// --- The adapters' errors -------------------------------------------------------------------------------------
export async function askSafely(chat: ChatClient, question: string): Promise<string> {
  try {
    return await chat.prompt(question).call().content();
  } catch (error) {
    if (error instanceof ChatModelRateLimitError) return 'The assistant is busy; try again in a minute.';
    if (error instanceof ChatModelConnectionError) {
      return error.timedOut ? 'The assistant took too long to answer.' : 'The assistant cannot be reached.';
    }
    if (error instanceof ChatModelError) return `The assistant failed (${error.name}).`;
    throw error;
  }
}
