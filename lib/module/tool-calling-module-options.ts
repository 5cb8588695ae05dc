import type { ConfigurableModuleAsyncOptions } from '@nestjs/common';
import type { ChatClientDefaults } from '../chat/client/chat-client-defaults';
import type { ChatModel } from '../chat/model/chat-model';
import type { ToolCallingManagerOptions } from '../chat/loop/tool-calling-manager-options';
import type { McpClientOptions } from '../mcp/client/mcp-client-options';
import type { ChatModelSettings } from '../models/chat-model-settings';
import type { OfflineChatModelSettings } from '../models/offline/offline-chat-model-settings';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import type { ApprovalOptions } from '../chat/loop/approval-options';
import type { ChatMemoryRepository } from '../memory/chat-memory-repository';
import type { ChatTelemetry } from '../chat/ports/chat-telemetry';
import type { ToolCallingTelemetryOptions } from '../telemetry/telemetry-options';
import type { ResumableStreamOptions } from '../ui/resumable/resumable-stream-options';

/** Where the module keeps chat memory and pending approvals when several replicas serve one app. */
export interface ToolCallingRedisOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`); `REDIS_URL` with `toolCallingConfig`. */
  readonly url: string;
  /**
   * Prefix of every key.
   * @defaultValue `'nestjs-tool-calling:'`
   */
  readonly keyPrefix?: string;
  /**
   * How long a conversation is kept after its last exchange, in seconds (0: forever).
   * @defaultValue 604800 (7 days)
   */
  readonly memoryTtlSeconds?: number;
}

/** The module's chat memory (`CHAT_MEMORY`, and the default advisor of the injectable `ChatClient`). */
export interface ToolCallingMemoryOptions {
  /**
   * Messages kept per conversation.
   * @defaultValue 20
   */
  readonly maxMessages?: number;
  /**
   * Where the conversations are kept.
   * @defaultValue in memory, or in Redis with the `redis` option
   */
  readonly repository?: ChatMemoryRepository;
}

/** Options of `ToolCallingModule.forRoot()` and of the factory given to `forRootAsync()`. */
export interface ToolCallingModuleOptions {
  /**
   * Tools that are not `@Tool` methods of Nest providers: function tools, callbacks, and `ToolCallbackProvider`s.
   * Callbacks and static providers (`isStatic: true`) join the static tools at bootstrap, where their names are
   * checked with the discovered ones; lazy providers are only asked when a request uses them.
   */
  toolCallbacks?: (ToolCallback | ToolCallbackProvider)[];
  /**
   * Find `@Tool` methods, `ToolCallback`s, `ToolCallbackProvider`s and functions registered under a tool name in
   * the Nest container at bootstrap; with `false`, only `toolCallbacks` are known.
   * @defaultValue true
   */
  discovery?: boolean;
  /**
   * How long a static `ToolCallbackProvider` may take to return its callbacks at bootstrap, in milliseconds. A
   * provider that needs longer is not static: let it be asked per request.
   * @defaultValue 10000
   */
  staticProviderTimeoutMs?: number;
  /**
   * The model behind the injectable `ChatClient`: a `ChatModel` (your own, `ScriptedChatModel` in tests), or the
   * settings of a real provider (`{ provider: 'openai' | 'anthropic', model, apiKey?, baseURL?, … }`, what
   * `toolCallingConfig` reads from the environment), or `{ provider: 'offline' }` to try an app without a key (not a
   * language model; refused when `NODE_ENV` is `production`). Without one, `ChatClient` is still injectable but its calls
   * fail with a `ChatModelConfigurationError` saying what to set.
   */
  chatModel?: ChatModel | ChatModelSettings | OfflineChatModelSettings;
  /**
   * Offer every tool the application has (static, discovered, and those of lazy providers) to the model on every
   * call of the injectable `ChatClient`; with `false`, requests attach tools themselves (`.tools()`,
   * `.toolCallbacks()`, `.toolNames()`) or through `defaults`.
   * @defaultValue true
   */
  offerAllTools?: boolean;
  /** Defaults of the injectable `ChatClient`: system text, tools, tool context, chat options, hooks. */
  defaults?: ChatClientDefaults;
  /** Limits of the tool-calling loop (rounds, calls, timeouts, concurrency, what happens when one is hit). */
  limits?: ToolCallingManagerOptions['limits'];
  /**
   * What a failing tool becomes: a text for the model or an error for the caller.
   * @defaultValue a `DefaultToolExecutionExceptionProcessor`: the error's message, for the model
   */
  exceptionProcessor?: ToolCallingManagerOptions['exceptionProcessor'];
  /** Hooks around every tool call (approvals, auditing, argument rewriting). */
  hooks?: ToolCallingManagerOptions['hooks'];
  /**
   * `false`: the model's tool calls are returned to the caller instead of being run; a
   * `ToolExecutionEligibilityPredicate` decides per model response.
   * @defaultValue true
   */
  internalToolExecution?: ToolCallingManagerOptions['internalToolExecution'];
  /**
   * OpenTelemetry GenAI spans and metrics, recorded when the application starts an OpenTelemetry SDK: on by
   * default, without content. `{ captureContent: true }` also records messages, tool arguments and results (as does
   * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`); `false` records nothing. See docs/observability.md.
   */
  telemetry?: ToolCallingTelemetryOptions | ChatTelemetry | false;
  /**
   * Stop a call of the injectable `ChatClient` when the client of the HTTP request it serves closes the connection
   * before the response is complete: the model request and the running tools are aborted, no further model request
   * is made, and the call rejects with a `ClientDisconnectedError` (Express and Fastify); `false` lets such calls
   * run to their end.
   * @defaultValue true
   */
  abortOnDisconnect?: boolean;
  /**
   * Run the application's global guards, interceptors, pipes and filters (`APP_GUARD`, `app.useGlobalGuards()`…)
   * around tool calls too, in a `'tool'` execution context; with `false`, a tool runs only the enhancers declared
   * on its method and class. See docs/securing-tools.md.
   * @defaultValue true
   */
  globalEnhancers?: boolean;
  /**
   * Offer a tool that has guards only to callers its guards let through: they run for the caller, without
   * arguments, before the model is sent the tool list.
   * @defaultValue true
   */
  hideDeniedTools?: boolean;
  /**
   * Chat memory: the injectable `ChatClient` keeps the requests that name a conversation
   * (`.conversationId(id)`) in it. `false`: no memory advisor.
   */
  memory?: ToolCallingMemoryOptions | false;
  /** Approvals: where paused calls wait (default in memory, or Redis with `redis`), for how long, who decides. */
  approvals?: ApprovalOptions;
  /**
   * Keep chat memory, pending approvals and recorded streams in Redis, so that any replica serves any conversation
   * (and any replica resumes or stops any stream).
   */
  redis?: ToolCallingRedisOptions;
  /**
   * Resumable streams (`ResumableStreams`): how long a recording is kept after its run, how large it may grow,
   * where it is kept (in memory, or Redis Streams with `redis`). See docs/resumable-streams.md.
   */
  streams?: ResumableStreamOptions;
  /**
   * MCP servers whose tools the application offers (`{ servers: { kb: { command, args } , remote: { url } } }`),
   * through the injectable `McpToolCallbackProvider`: never contacted at bootstrap, listed on first use. With
   * `offerAllTools` (the default) their tools are offered with the application's own; otherwise attach the provider
   * per request (`.toolCallbacks(mcpTools)`). `toolCallingConfig` reads them from `TOOL_CALLING_MCP_SERVERS`.
   */
  mcp?: McpClientOptions;
}

/** Options of `forRoot()`/`forRootAsync()` that shape the module itself rather than its providers. */
export interface ToolCallingModuleExtras {
  /**
   * Register the module globally, so that every module can inject its services.
   * @defaultValue true
   */
  isGlobal?: boolean;
}

/** A class that makes the options, for `forRootAsync({ useClass })` and `forRootAsync({ useExisting })`. */
export interface ToolCallingOptionsFactory {
  /** The module's options, or a promise of them. */
  createToolCallingOptions(): ToolCallingModuleOptions | Promise<ToolCallingModuleOptions>;
}

/** Options of `ToolCallingModule.forRootAsync()`: how to make the module options (factory, class or existing provider). */
export type ToolCallingModuleAsyncOptions = ConfigurableModuleAsyncOptions<
  ToolCallingModuleOptions,
  'createToolCallingOptions'
> &
  Partial<ToolCallingModuleExtras>;
