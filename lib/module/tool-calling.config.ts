import type { ConfigFactoryKeyHost } from '@nestjs/config';
import { InvalidToolCallingConfigError } from '../errors/invalid-tool-calling-config.error';
import type { ToolCallingConfigIssue } from '../errors/invalid-tool-calling-config.error';
import type { ChatModelSettings } from '../models/chat-model-settings';
import { requireOptional } from '../util/optional-require';
import type { ToolCallingEnvironment } from './tool-calling.environment';

/**
 * The limits of the tool-calling loop read from the environment (a subset of the `ToolCallingManager`'s
 * `ToolCallingLimits`); unset ones keep the library's defaults.
 */
export interface ToolCallingConfigLimits {
  /** `TOOL_CALLING_MAX_ROUNDS`: model calls per chat call. */
  readonly maxRounds?: number;
  /** `TOOL_CALLING_TOOL_TIMEOUT_MS`: time limit of one tool call. */
  readonly toolTimeoutMs?: number;
  /** `TOOL_CALLING_MAX_CONCURRENCY`: tool calls run at once. */
  readonly maxConcurrency?: number;
}

/** The `toolCalling` configuration namespace. */
export interface ToolCallingConfig {
  /** The chat model to use; `undefined` when the provider is `none`. */
  readonly chatModel?: ChatModelSettings;
  readonly limits: ToolCallingConfigLimits;
}

/** The namespace of `toolCallingConfig`: `configService.get('toolCalling')`. */
export const TOOL_CALLING_CONFIG_NAMESPACE = 'toolCalling';

const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6';

function loadToolCallingConfig(): ToolCallingConfig {
  requireOptional('class-validator', 'Validating the toolCalling configuration');
  const { readToolCallingEnvironment } =
    require('./tool-calling.environment') as typeof import('./tool-calling.environment');
  const { environment: env, issues } = readToolCallingEnvironment(process.env);
  const provider = env.TOOL_CALLING_PROVIDER ?? defaultProvider(env);
  if (issues.length === 0) issues.push(...missingCredentials(provider, env));
  if (issues.length > 0) throw new InvalidToolCallingConfigError(issues);

  const common = {
    ...(env.TOOL_CALLING_HTTP_TIMEOUT_MS && { timeoutMs: Number(env.TOOL_CALLING_HTTP_TIMEOUT_MS) }),
    ...(env.TOOL_CALLING_MAX_RETRIES && { maxRetries: Number(env.TOOL_CALLING_MAX_RETRIES) }),
  };
  let chatModel: ChatModelSettings | undefined;
  if (provider === 'openai') {
    chatModel = {
      provider,
      model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
      ...(env.OPENAI_API_KEY && { apiKey: env.OPENAI_API_KEY }),
      ...(env.OPENAI_BASE_URL && { baseURL: env.OPENAI_BASE_URL }),
      ...(env.OPENAI_ORGANIZATION && { organization: env.OPENAI_ORGANIZATION }),
      ...common,
    };
  } else if (provider === 'anthropic') {
    chatModel = {
      provider,
      model: env.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
      ...(env.ANTHROPIC_API_KEY && { apiKey: env.ANTHROPIC_API_KEY }),
      ...(env.ANTHROPIC_BASE_URL && { baseURL: env.ANTHROPIC_BASE_URL }),
      ...common,
    };
  }
  return {
    ...(chatModel && { chatModel }),
    limits: {
      ...(env.TOOL_CALLING_MAX_ROUNDS && { maxRounds: Number(env.TOOL_CALLING_MAX_ROUNDS) }),
      ...(env.TOOL_CALLING_TOOL_TIMEOUT_MS && { toolTimeoutMs: Number(env.TOOL_CALLING_TOOL_TIMEOUT_MS) }),
      ...(env.TOOL_CALLING_MAX_CONCURRENCY && { maxConcurrency: Number(env.TOOL_CALLING_MAX_CONCURRENCY) }),
    },
  };
}

function defaultProvider(env: ToolCallingEnvironment): string {
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) return 'openai';
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  return 'none';
}

function missingCredentials(provider: string, env: ToolCallingEnvironment): ToolCallingConfigIssue[] {
  if (provider === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    return [
      {
        variable: 'OPENAI_API_KEY',
        message:
          'TOOL_CALLING_PROVIDER is openai but OPENAI_API_KEY is not set (nor OPENAI_BASE_URL, for a local ' +
          'OpenAI-compatible server)',
      },
    ];
  }
  if (provider === 'anthropic' && !env.ANTHROPIC_API_KEY) {
    return [
      {
        variable: 'ANTHROPIC_API_KEY',
        message: 'TOOL_CALLING_PROVIDER is anthropic but ANTHROPIC_API_KEY is not set',
      },
    ];
  }
  return [];
}

/** `registerAs` when `@nestjs/config` is installed; else a plain factory whose `KEY` says what to install. */
function registerAsWhenAvailable(
  token: string,
  factory: () => ToolCallingConfig,
): (() => ToolCallingConfig) & ConfigFactoryKeyHost<ToolCallingConfig> {
  let config: typeof import('@nestjs/config') | undefined;
  try {
    config = require('@nestjs/config') as typeof import('@nestjs/config');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
  }
  if (config) return config.registerAs(token, factory);
  const missing = () => requireOptional('@nestjs/config', 'toolCallingConfig');
  return Object.defineProperties(factory, {
    KEY: { get: missing },
    asProvider: { get: missing },
  }) as ReturnType<typeof registerAsWhenAvailable>;
}

/**
 * The `toolCalling` configuration namespace for `@nestjs/config`, read from the environment and validated when the
 * application starts (a bad value stops it with a message naming the variable, never its value):
 *
 * | variable | meaning |
 * |---|---|
 * | `TOOL_CALLING_PROVIDER` | `openai`, `anthropic` or `none`; default `openai` when `OPENAI_API_KEY` or `OPENAI_BASE_URL` is set, else `anthropic` when `ANTHROPIC_API_KEY` is set, else `none` |
 * | `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `OPENAI_ORGANIZATION` | how to reach an OpenAI-compatible endpoint (Ollama, vLLM…: the base URL alone) |
 * | `OPENAI_MODEL` | default `gpt-4o-mini` |
 * | `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL` | how to reach Anthropic |
 * | `ANTHROPIC_MODEL` | default `claude-sonnet-4-6` |
 * | `TOOL_CALLING_HTTP_TIMEOUT_MS`, `TOOL_CALLING_MAX_RETRIES` | the SDK's time limit and retries per HTTP request |
 * | `TOOL_CALLING_MAX_ROUNDS`, `TOOL_CALLING_TOOL_TIMEOUT_MS`, `TOOL_CALLING_MAX_CONCURRENCY` | limits of the loop |
 *
 * ```ts
 * ToolCallingModule.forRootAsync({
 *   imports: [ConfigModule.forFeature(toolCallingConfig)],
 *   inject: [toolCallingConfig.KEY],
 *   useFactory: (config: ConfigType<typeof toolCallingConfig>) => ({ ... }),
 * })
 * ```
 */
export const toolCallingConfig = registerAsWhenAvailable(
  TOOL_CALLING_CONFIG_NAMESPACE,
  loadToolCallingConfig,
);
