import type { ConfigFactoryKeyHost } from '@nestjs/config';
import { InvalidToolCallingConfigError } from '../errors/invalid-tool-calling-config.error';
import type { ToolCallingConfigIssue } from '../errors/invalid-tool-calling-config.error';
import { InvalidMcpServersError } from '../errors/invalid-mcp-servers.error';
import type { McpClientOptions } from '../mcp/client/mcp-client-options';
import { parseMcpServersVariable } from '../mcp/client/mcp-servers.validation';
import type { ProviderEnvironment } from '../models/chat-model-provider';
import type { ChatModelSettings } from '../models/chat-model-settings';
import type { OfflineChatModelSettings } from '../models/offline/offline-chat-model-settings';
import { CHAT_MODEL_PROVIDERS, chatModelProvider } from '../models/chat-model.providers';
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
  readonly chatModel?: ChatModelSettings | OfflineChatModelSettings;
  /** The loop's limits from `TOOL_CALLING_*` variables (each absent when its variable is unset). */
  readonly limits: ToolCallingConfigLimits;
  /** `REDIS_URL`: chat memory and pending approvals in Redis (several replicas); absent: in memory. */
  readonly redis?: { readonly url: string };
  /** `TOOL_CALLING_APPROVAL_TTL_MS`: how long an approval may be decided. */
  readonly approvals?: { readonly ttlMs: number };
  /** `TOOL_CALLING_MCP_SERVERS`: the MCP servers whose tools are offered (absent when the variable is unset). */
  readonly mcp?: McpClientOptions;
}

/** The namespace of `toolCallingConfig`: `configService.get('toolCalling')`. */
export const TOOL_CALLING_CONFIG_NAMESPACE = 'toolCalling';

function loadToolCallingConfig(): ToolCallingConfig {
  requireOptional('class-validator', 'Validating the toolCalling configuration');
  const { readToolCallingEnvironment } =
    require('./tool-calling.environment') as typeof import('./tool-calling.environment');
  const { environment: env, providerEnvironment, issues } = readToolCallingEnvironment(process.env);
  const id = env.TOOL_CALLING_PROVIDER ?? defaultProvider(providerEnvironment);
  const provider = chatModelProvider(id);
  if (issues.length === 0 && provider) issues.push(...provider.missing(providerEnvironment));
  const mcp = readMcpServers(env, issues);
  if (issues.length > 0) throw new InvalidToolCallingConfigError(issues);

  const settings = provider?.fromEnvironment(providerEnvironment) as
    ChatModelSettings | OfflineChatModelSettings | undefined;
  // The HTTP time limit and retries are settings of the providers reached through an SDK, not of the offline model.
  const chatModel =
    settings &&
    (settings.provider === 'offline'
      ? settings
      : {
          ...settings,
          ...(env.TOOL_CALLING_HTTP_TIMEOUT_MS && { timeoutMs: Number(env.TOOL_CALLING_HTTP_TIMEOUT_MS) }),
          ...(env.TOOL_CALLING_MAX_RETRIES && { maxRetries: Number(env.TOOL_CALLING_MAX_RETRIES) }),
        });
  return {
    ...(chatModel && { chatModel }),
    ...(env.REDIS_URL && { redis: { url: env.REDIS_URL } }),
    ...(env.TOOL_CALLING_APPROVAL_TTL_MS && {
      approvals: { ttlMs: Number(env.TOOL_CALLING_APPROVAL_TTL_MS) },
    }),
    ...(mcp && { mcp }),
    limits: {
      ...(env.TOOL_CALLING_MAX_ROUNDS && { maxRounds: Number(env.TOOL_CALLING_MAX_ROUNDS) }),
      ...(env.TOOL_CALLING_TOOL_TIMEOUT_MS && { toolTimeoutMs: Number(env.TOOL_CALLING_TOOL_TIMEOUT_MS) }),
      ...(env.TOOL_CALLING_MAX_CONCURRENCY && { maxConcurrency: Number(env.TOOL_CALLING_MAX_CONCURRENCY) }),
    },
  };
}

function readMcpServers(
  env: ToolCallingEnvironment,
  issues: ToolCallingConfigIssue[],
): McpClientOptions | undefined {
  const text = env.TOOL_CALLING_MCP_SERVERS;
  if (!text) return undefined;
  try {
    return { servers: parseMcpServersVariable('TOOL_CALLING_MCP_SERVERS', text) };
  } catch (error) {
    if (!(error instanceof InvalidMcpServersError)) throw error;
    issues.push({ variable: 'TOOL_CALLING_MCP_SERVERS', message: error.message });
    return undefined;
  }
}

/** The first provider one of whose variables is set, or `none`. */
function defaultProvider(env: ProviderEnvironment): string {
  return CHAT_MODEL_PROVIDERS.find((provider) => provider.chosenBy.some((name) => env[name]))?.id ?? 'none';
}

/** The properties `registerAs` defines on a namespace factory (`KEY`, the namespace, `asProvider`). */
const REGISTER_AS_PROPERTIES = ['KEY', 'PARTIAL_CONFIGURATION_KEY', 'asProvider'] as const;

/**
 * `registerAs` of `@nestjs/config`, applied on first use of the factory's `KEY`, namespace or `asProvider`: importing
 * the library never loads the optional peer (`@nestjs/config` 12 is an ES module that Jest cannot `require()` in a
 * Nest 11 app). Without the package, these properties throw a message that says what to install; calling the
 * factory reads the environment either way.
 */
function registerAsOnFirstUse(
  token: string,
  factory: () => ToolCallingConfig,
): (() => ToolCallingConfig) & ConfigFactoryKeyHost<ToolCallingConfig> {
  const register = (property: string): unknown => {
    const config = requireOptional<typeof import('@nestjs/config')>('@nestjs/config', 'toolCallingConfig');
    for (const key of REGISTER_AS_PROPERTIES) delete (factory as unknown as Record<string, unknown>)[key];
    config.registerAs(token, factory);
    return (factory as unknown as Record<string, unknown>)[property];
  };
  for (const key of REGISTER_AS_PROPERTIES) {
    Object.defineProperty(factory, key, { configurable: true, enumerable: false, get: () => register(key) });
  }
  return factory as ReturnType<typeof registerAsOnFirstUse>;
}

/**
 * The `toolCalling` configuration namespace for `@nestjs/config`, read from the environment and validated when the
 * application starts (a bad value stops it with a message naming the variable, never its value):
 *
 * | variable | meaning |
 * |---|---|
 * | `TOOL_CALLING_PROVIDER` | `openai`, `openai-responses`, `azure-openai`, `anthropic`, `gemini`, `offline` (not a language model: for trying an app without a key; refused when `NODE_ENV` is `production`) or `none`; default `openai` when `OPENAI_API_KEY` or `OPENAI_BASE_URL` is set, else `anthropic` when `ANTHROPIC_API_KEY` or `ANTHROPIC_BASE_URL` is set, else `azure-openai` when `AZURE_OPENAI_ENDPOINT` is set, else `gemini` when `GEMINI_API_KEY` is set, else `none` |
 * | `OPENAI_API_KEY`, `OPENAI_BASE_URL`, `OPENAI_ORGANIZATION` | how to reach an OpenAI-compatible endpoint (Ollama, vLLM…: the base URL alone), or the Responses API |
 * | `OPENAI_MODEL` | default `gpt-4o-mini` |
 * | `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL` | how to reach Anthropic (a gateway that adds its own credentials: the base URL alone) |
 * | `ANTHROPIC_MODEL` | default `claude-sonnet-4-6` |
 * | `AZURE_OPENAI_ENDPOINT`, `AZURE_OPENAI_API_KEY`, `OPENAI_API_VERSION`, `AZURE_OPENAI_DEPLOYMENT` | Azure OpenAI (all four required); `AZURE_OPENAI_API`: `chat-completions` (default) or `responses` |
 * | `GEMINI_API_KEY` (or `GOOGLE_API_KEY`), `GEMINI_BASE_URL` (or `GOOGLE_GEMINI_BASE_URL`) | how to reach Gemini |
 * | `GEMINI_MODEL` | default `gemini-2.5-flash` |
 * | `TOOL_CALLING_HTTP_TIMEOUT_MS`, `TOOL_CALLING_MAX_RETRIES` | the SDK's time limit and retries per HTTP request |
 * | `TOOL_CALLING_MAX_ROUNDS`, `TOOL_CALLING_TOOL_TIMEOUT_MS`, `TOOL_CALLING_MAX_CONCURRENCY` | limits of the loop |
 * | `REDIS_URL` | keep chat memory and pending approvals in Redis (several replicas); unset: in memory |
 * | `TOOL_CALLING_APPROVAL_TTL_MS` | how long an approval may be decided (default 15 minutes) |
 * | `TOOL_CALLING_MCP_SERVERS` | JSON: MCP servers by name, `{ "kb": { "command": "node", "args": ["kb.js"] }, "remote": { "url": "https://…/mcp", "headers": { … } } }` |
 *
 * ```ts
 * ToolCallingModule.forRootAsync({
 *   imports: [ConfigModule.forFeature(toolCallingConfig)],
 *   inject: [toolCallingConfig.KEY],
 *   useFactory: (config: ConfigType<typeof toolCallingConfig>) => ({ ... }),
 * })
 * ```
 */
export const toolCallingConfig = registerAsOnFirstUse(TOOL_CALLING_CONFIG_NAMESPACE, loadToolCallingConfig);
