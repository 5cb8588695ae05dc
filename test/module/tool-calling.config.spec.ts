import { getConfigToken } from '@nestjs/config';
import { InvalidToolCallingConfigError } from 'nestjs-tool-calling';
import { toolCallingConfig } from 'nestjs-tool-calling/config';
import { withEnv } from './with-env';

const load = (values: Record<string, string>) => withEnv(values, () => toolCallingConfig());

async function configError(values: Record<string, string>): Promise<InvalidToolCallingConfigError> {
  const error = await load(values).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidToolCallingConfigError);
  return error as InvalidToolCallingConfigError;
}

describe('toolCallingConfig', () => {
  it('is the "toolCalling" namespace of @nestjs/config', () => {
    expect(toolCallingConfig.KEY).toBe(getConfigToken('toolCalling'));
  });

  describe('chooses the provider', () => {
    it('none, when nothing is set', async () => {
      expect(await load({})).toEqual({ limits: {} });
    });

    it('openai when OPENAI_API_KEY is set, with its default model', async () => {
      expect(await load({ OPENAI_API_KEY: 'sk-test' })).toEqual({
        chatModel: { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-test' },
        limits: {},
      });
    });

    it('openai when only OPENAI_BASE_URL is set (a local OpenAI-compatible server)', async () => {
      expect(await load({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' })).toEqual({
        chatModel: { provider: 'openai', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
        limits: {},
      });
    });

    it('anthropic when only ANTHROPIC_API_KEY is set, with its default model', async () => {
      expect(await load({ ANTHROPIC_API_KEY: 'sk-ant-test' })).toEqual({
        chatModel: { provider: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'sk-ant-test' },
        limits: {},
      });
    });

    it('openai before anthropic when both keys are set, unless TOOL_CALLING_PROVIDER says otherwise', async () => {
      const keys = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' };
      expect((await load(keys)).chatModel?.provider).toBe('openai');
      expect((await load({ ...keys, TOOL_CALLING_PROVIDER: 'Anthropic' })).chatModel?.provider).toBe(
        'anthropic',
      );
      expect(await load({ ...keys, TOOL_CALLING_PROVIDER: 'none' })).toEqual({ limits: {} });
    });

    it('counting empty values as unset', async () => {
      expect(await load({ OPENAI_API_KEY: '', TOOL_CALLING_MAX_ROUNDS: ' ' })).toEqual({ limits: {} });
    });
  });

  it('reads every variable', async () => {
    expect(
      await load({
        TOOL_CALLING_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: 'https://api.example.com/v1',
        OPENAI_MODEL: 'gpt-4.1',
        OPENAI_ORGANIZATION: 'org-1',
        TOOL_CALLING_HTTP_TIMEOUT_MS: '30000',
        TOOL_CALLING_MAX_RETRIES: '0',
        TOOL_CALLING_MAX_ROUNDS: '7',
        TOOL_CALLING_TOOL_TIMEOUT_MS: '5000',
        TOOL_CALLING_MAX_CONCURRENCY: '3',
        REDIS_URL: 'redis://:secret@cache.internal:6379/2',
        TOOL_CALLING_APPROVAL_TTL_MS: '60000',
      }),
    ).toEqual({
      redis: { url: 'redis://:secret@cache.internal:6379/2' },
      approvals: { ttlMs: 60000 },
      chatModel: {
        provider: 'openai',
        model: 'gpt-4.1',
        apiKey: 'sk-test',
        baseURL: 'https://api.example.com/v1',
        organization: 'org-1',
        timeoutMs: 30000,
        maxRetries: 0,
      },
      limits: { maxRounds: 7, toolTimeoutMs: 5000, maxConcurrency: 3 },
    });
    expect(
      await load({
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: 'http://proxy.internal:8080',
        ANTHROPIC_MODEL: 'claude-opus-4-1',
        TOOL_CALLING_MAX_RETRIES: '2',
      }),
    ).toEqual({
      chatModel: {
        provider: 'anthropic',
        model: 'claude-opus-4-1',
        apiKey: 'sk-ant-test',
        baseURL: 'http://proxy.internal:8080',
        maxRetries: 2,
      },
      limits: {},
    });
  });

  describe('reads the second-wave providers', () => {
    it('openai-responses with the OPENAI_* variables', async () => {
      expect(
        await load({
          TOOL_CALLING_PROVIDER: 'openai-responses',
          OPENAI_API_KEY: 'sk-test',
          OPENAI_MODEL: 'o4-mini',
        }),
      ).toEqual({
        chatModel: { provider: 'openai-responses', model: 'o4-mini', apiKey: 'sk-test' },
        limits: {},
      });
    });

    it('azure-openai with the variables the SDK reads, chosen by AZURE_OPENAI_ENDPOINT alone', async () => {
      expect(
        await load({
          AZURE_OPENAI_ENDPOINT: 'https://my-resource.openai.azure.com',
          AZURE_OPENAI_API_KEY: 'azure-key',
          OPENAI_API_VERSION: '2025-04-01-preview',
          AZURE_OPENAI_DEPLOYMENT: 'gpt-4o-prod',
          AZURE_OPENAI_API: 'responses',
          TOOL_CALLING_MAX_RETRIES: '1',
        }),
      ).toEqual({
        chatModel: {
          provider: 'azure-openai',
          model: 'gpt-4o-prod',
          endpoint: 'https://my-resource.openai.azure.com',
          apiVersion: '2025-04-01-preview',
          apiKey: 'azure-key',
          api: 'responses',
          maxRetries: 1,
        },
        limits: {},
      });
    });

    it('gemini with GEMINI_API_KEY (chosen by it alone) or GOOGLE_API_KEY, its default model and base URL', async () => {
      expect(await load({ GEMINI_API_KEY: 'gem-key' })).toEqual({
        chatModel: { provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'gem-key' },
        limits: {},
      });
      expect(
        await load({
          TOOL_CALLING_PROVIDER: 'gemini',
          GOOGLE_API_KEY: 'google-key',
          GEMINI_MODEL: 'gemini-2.5-pro',
          GEMINI_BASE_URL: 'http://proxy.internal:8080',
        }),
      ).toEqual({
        chatModel: {
          provider: 'gemini',
          model: 'gemini-2.5-pro',
          apiKey: 'google-key',
          baseURL: 'http://proxy.internal:8080',
        },
        limits: {},
      });
    });

    it('names every missing Azure variable, and Gemini’s key', async () => {
      const azure = await configError({
        TOOL_CALLING_PROVIDER: 'azure-openai',
        AZURE_OPENAI_API_KEY: 'azure-secret-key',
      });
      expect(azure.variables).toEqual([
        'AZURE_OPENAI_ENDPOINT',
        'OPENAI_API_VERSION',
        'AZURE_OPENAI_DEPLOYMENT',
      ]);
      expect(azure.message).toContain(
        'TOOL_CALLING_PROVIDER is azure-openai but AZURE_OPENAI_DEPLOYMENT (the deployment) is not set',
      );
      expect(azure.message).not.toContain('azure-secret-key');
      const gemini = await configError({ TOOL_CALLING_PROVIDER: 'gemini' });
      expect(gemini.message).toBe(
        'invalid tool-calling configuration (namespace "toolCalling"): TOOL_CALLING_PROVIDER is gemini but neither ' +
          'GEMINI_API_KEY nor GOOGLE_API_KEY is set (values are not shown)',
      );
    });
  });

  describe('refuses, naming the variable and never its value,', () => {
    it.each([
      [
        'TOOL_CALLING_PROVIDER',
        'mistral',
        'TOOL_CALLING_PROVIDER must be one of: openai, openai-responses, anthropic, azure-openai, gemini, offline, none',
      ],
      [
        'AZURE_OPENAI_ENDPOINT',
        'my-resource',
        'AZURE_OPENAI_ENDPOINT must be an http(s) URL such as https://my-resource.openai.azure.com',
      ],
      [
        'OPENAI_API_VERSION',
        'latest-and-greatest',
        'OPENAI_API_VERSION must be an Azure OpenAI API version such as 2024-10-21 or 2025-04-01-preview',
      ],
      ['AZURE_OPENAI_API', 'assistants', 'AZURE_OPENAI_API must be chat-completions or responses'],
      [
        'GEMINI_BASE_URL',
        'generativelanguage',
        'GEMINI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1',
      ],
      [
        'REDIS_URL',
        'http://user:hunter2@cache:6379',
        'REDIS_URL must be a redis:// or rediss:// URL such as redis://localhost:6379',
      ],
      [
        'OPENAI_BASE_URL',
        'https://',
        'OPENAI_BASE_URL must be an http(s) URL such as http://localhost:11434/v1',
      ],
      [
        'ANTHROPIC_BASE_URL',
        'ftp://example.com',
        'ANTHROPIC_BASE_URL must be an http(s) URL such as http://localhost:11434/v1',
      ],
      [
        'TOOL_CALLING_MAX_ROUNDS',
        'abc',
        'TOOL_CALLING_MAX_ROUNDS must be a whole number from 1 to 999999999',
      ],
      ['TOOL_CALLING_MAX_ROUNDS', '0', 'TOOL_CALLING_MAX_ROUNDS must be a whole number from 1 to 999999999'],
      [
        'TOOL_CALLING_TOOL_TIMEOUT_MS',
        '1.5',
        'TOOL_CALLING_TOOL_TIMEOUT_MS must be a whole number from 1 to 999999999',
      ],
      [
        'TOOL_CALLING_MAX_CONCURRENCY',
        '-2',
        'TOOL_CALLING_MAX_CONCURRENCY must be a whole number from 1 to 999999999',
      ],
      [
        'TOOL_CALLING_HTTP_TIMEOUT_MS',
        '1e9',
        'TOOL_CALLING_HTTP_TIMEOUT_MS must be a whole number from 1 to 999999999',
      ],
      [
        'TOOL_CALLING_MAX_RETRIES',
        'many',
        'TOOL_CALLING_MAX_RETRIES must be a whole number from 0 to 999999999',
      ],
    ])('%s=%s', async (variable, value, message) => {
      const error = await configError({ OPENAI_API_KEY: 'sk-very-secret', [variable]: value });
      expect(error.message).toBe(
        `invalid tool-calling configuration (namespace "toolCalling"): ${message} (values are not shown)`,
      );
      expect(error.variables).toEqual([variable]);
      expect(error.issues).toEqual([{ variable, message }]);
      expect(error.message).not.toContain('sk-very-secret');
    });

    it('every bad variable at once', async () => {
      const error = await configError({
        TOOL_CALLING_PROVIDER: 'mistral',
        OPENAI_BASE_URL: 'not a url',
        TOOL_CALLING_MAX_ROUNDS: 'abc',
      });
      expect(error.variables).toEqual([
        'TOOL_CALLING_PROVIDER',
        'OPENAI_BASE_URL',
        'TOOL_CALLING_MAX_ROUNDS',
      ]);
      expect(error.message).not.toMatch(/mistral|not a url|abc/);
    });

    it('a chosen provider without its key', async () => {
      expect(
        (await configError({ TOOL_CALLING_PROVIDER: 'openai', ANTHROPIC_API_KEY: 'sk-ant' })).message,
      ).toBe(
        'invalid tool-calling configuration (namespace "toolCalling"): TOOL_CALLING_PROVIDER is openai but ' +
          'OPENAI_API_KEY is not set (nor OPENAI_BASE_URL, for a local OpenAI-compatible server) (values are not shown)',
      );
      const anthropic = await configError({ TOOL_CALLING_PROVIDER: 'anthropic', OPENAI_API_KEY: 'sk-test' });
      expect(anthropic.variables).toEqual(['ANTHROPIC_API_KEY']);
      expect(anthropic.message).toBe(
        'invalid tool-calling configuration (namespace "toolCalling"): TOOL_CALLING_PROVIDER is anthropic but ' +
          'ANTHROPIC_API_KEY is not set (nor ANTHROPIC_BASE_URL, for a gateway that adds its own credentials) ' +
          '(values are not shown)',
      );
    });
  });
});
