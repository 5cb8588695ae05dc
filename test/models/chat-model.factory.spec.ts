import {
  ChatModelConfigurationError,
  ChatModelError,
  createChatModel,
  userMessage,
  type ChatModelSettings,
} from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { OpenAiChatModel } from 'nestjs-tool-calling/openai';
import { OPENAI_TEST_KEY, prompt, thrownBy } from './support/chat-test.helpers';
import { jsonFixture, ProviderTestServer } from './support/provider-test.server';

const KEY_VARIABLES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY'] as const;

describe('createChatModel', () => {
  const saved: Partial<Record<(typeof KEY_VARIABLES)[number], string>> = {};

  beforeEach(() => {
    for (const name of KEY_VARIABLES) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });

  afterEach(() => {
    for (const name of KEY_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    jest.resetModules();
  });

  it('creates the adapter the provider names', () => {
    expect(createChatModel({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k' })).toBeInstanceOf(
      OpenAiChatModel,
    );
    expect(
      createChatModel({ provider: 'anthropic', model: 'claude-sonnet-5-5', apiKey: 'k' }),
    ).toBeInstanceOf(AnthropicChatModel);
  });

  it('refuses an OpenAI model without an API key, saying where to set one', () => {
    const error = thrownBy(() => createChatModel({ provider: 'openai', model: 'gpt-4o-mini' }));

    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error.name).toBe('ChatModelConfigurationError');
    expect(error).toMatchObject({ provider: 'openai', setting: 'apiKey' });
    expect(error.message).toBe(
      'The OpenAI chat model (provider "openai") needs an API key: set it in the apiKey setting or ' +
        'OPENAI_API_KEY (a local OpenAI-compatible server needs only a baseURL)',
    );
  });

  it('refuses an Anthropic model without an API key, saying where to set one', () => {
    const error = thrownBy(() => createChatModel({ provider: 'anthropic', model: 'claude-sonnet-5-5' }));

    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error).toMatchObject({ provider: 'anthropic', setting: 'apiKey' });
    expect(error.message).toBe(
      'The Anthropic chat model (provider "anthropic") needs an API key: set it in the apiKey setting or ' +
        'ANTHROPIC_API_KEY (a gateway that adds its own credentials needs only a baseURL)',
    );
  });

  it('takes the API key from OPENAI_API_KEY when the settings give none', async () => {
    const server = await ProviderTestServer.start({ json: jsonFixture('openai', 'text.json') });
    try {
      process.env.OPENAI_API_KEY = OPENAI_TEST_KEY;
      const model = createChatModel({ provider: 'openai', model: 'gpt-4o-mini', baseURL: server.url('/v1') });

      await model.call(prompt({ messages: [userMessage('Hi')] }));

      expect(server.requests[0].headers.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    } finally {
      await server.close();
    }
  });

  it('refuses an unknown provider', () => {
    const error = thrownBy(() =>
      createChatModel({ provider: 'mistral', model: 'x' } as unknown as ChatModelSettings),
    );

    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error).toMatchObject({ provider: 'mistral', setting: 'provider' });
    expect(error.message).toBe(
      'unknown chat model provider "mistral": use "openai", "openai-responses", "anthropic", "azure-openai", ' +
        '"gemini" or "offline"',
    );
  });

  it.each([
    ['openai', 'openai', 'The OpenAI chat model (provider "openai")'],
    ['openai-responses', 'openai', 'The OpenAI Responses API chat model (provider "openai-responses")'],
    ['anthropic', '@anthropic-ai/sdk', 'The Anthropic chat model (provider "anthropic")'],
    ['gemini', '@google/genai', 'The Gemini chat model (provider "gemini")'],
  ] as const)('says what to install when the %s SDK is missing', (provider, packageName, feature) => {
    // The package stands uninstalled: requiring it fails as Node does when it is not in node_modules.
    jest.doMock(packageName, () => {
      throw Object.assign(new Error(`Cannot find module '${packageName}'`), { code: 'MODULE_NOT_FOUND' });
    });
    jest.isolateModules(() => {
      const lib = require('../../lib') as typeof import('../../lib');

      const error = thrownBy(() => lib.createChatModel({ provider, model: 'm', apiKey: 'k' }));

      expect(error).toBeInstanceOf(lib.ChatModelConfigurationError);
      expect(error).toMatchObject({ provider, setting: 'provider' });
      expect(error.message).toBe(`${feature} needs the package "${packageName}": npm install ${packageName}`);
    });
    jest.dontMock(packageName);
  });
});
