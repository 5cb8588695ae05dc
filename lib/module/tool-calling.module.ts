import {
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
  type Provider,
} from '@nestjs/common';
import { DiscoveryModule, HttpAdapterHost } from '@nestjs/core';
import { ChatClient } from '../chat/client/chat-client';
import { RunSubmitterSlot } from '../chat/ports/run-submitter';
import { ToolCallingManager } from '../chat/loop/tool-calling-manager';
import {
  chatClientFromOptions,
  chatModelFromOptions,
  toolCallingManagerFromOptions,
} from './chat-client.factory';
import { bindFastifyRequests } from './fastify-request-context';
import { ToolContextIds } from '../handlers/tool-context-ids';
import { ToolHandlerFactory } from '../handlers/tool-handler.factory';
import { McpToolCallbackProvider } from '../mcp/client/mcp-tool-callback-provider';
import { mcpToolCallbackProviderFromOptions } from './mcp-client.factory';
import { RequestContextHolder } from './request-context.holder';
import { RequestContextMiddleware } from './request-context.middleware';
import { ScopedToolTargetResolver } from './scoped-tool-target.resolver';
import { ToolExplorer } from './tool.explorer';
import { StateStores } from './state-stores';
import { resumableStreamsFromOptions } from './resumable-streams.factory';
import { ResumableStreams } from '../ui/resumable/resumable-streams';
import { ToolCallbackRegistry } from './tool-callback.registry';
import { ConfigurableToolCallingModule } from './tool-calling.module-definition';
import type {
  ToolCallingModuleAsyncOptions,
  ToolCallingModuleExtras,
  ToolCallingModuleOptions,
} from './tool-calling-module-options';
import {
  APPROVAL_STORE,
  MCP_EVENT_STORE,
  CHAT_MEMORY,
  CHAT_MODEL,
  TOOL_CALLBACK_RESOLVER,
  TOOL_CALLING_MODULE_OPTIONS,
} from './tool-calling-module.tokens';

/** Every provider of the module, in one place. */
const PROVIDERS: Provider[] = [
  ToolCallbackRegistry,
  { provide: TOOL_CALLBACK_RESOLVER, useExisting: ToolCallbackRegistry },
  ToolExplorer,
  ScopedToolTargetResolver,
  ToolContextIds,
  ToolHandlerFactory,
  RequestContextHolder,
  StateStores,
  { provide: CHAT_MEMORY, useFactory: (stores: StateStores) => stores.chatMemory, inject: [StateStores] },
  {
    provide: APPROVAL_STORE,
    useFactory: (stores: StateStores) => stores.approvalStore,
    inject: [StateStores],
  },
  {
    provide: MCP_EVENT_STORE,
    useFactory: (stores: StateStores) => stores.mcpEventStore,
    inject: [StateStores],
  },
  {
    provide: ResumableStreams,
    useFactory: resumableStreamsFromOptions,
    inject: [TOOL_CALLING_MODULE_OPTIONS, StateStores],
  },
  {
    provide: McpToolCallbackProvider,
    useFactory: mcpToolCallbackProviderFromOptions,
    inject: [TOOL_CALLING_MODULE_OPTIONS, ToolCallbackRegistry, StateStores],
  },
  { provide: CHAT_MODEL, useFactory: chatModelFromOptions, inject: [TOOL_CALLING_MODULE_OPTIONS] },
  {
    provide: ToolCallingManager,
    useFactory: toolCallingManagerFromOptions,
    inject: [TOOL_CALLING_MODULE_OPTIONS, ToolCallbackRegistry],
  },
  RunSubmitterSlot,
  {
    provide: ChatClient,
    useFactory: chatClientFromOptions,
    inject: [
      TOOL_CALLING_MODULE_OPTIONS,
      CHAT_MODEL,
      ToolCallingManager,
      ToolCallbackRegistry,
      RequestContextHolder,
      StateStores,
      RunSubmitterSlot,
    ],
  },
];

/** What modules importing it may inject. */
const EXPORTS = [
  ToolCallbackRegistry,
  TOOL_CALLBACK_RESOLVER,
  RequestContextHolder,
  TOOL_CALLING_MODULE_OPTIONS,
  CHAT_MODEL,
  CHAT_MEMORY,
  APPROVAL_STORE,
  MCP_EVENT_STORE,
  ToolCallingManager,
  ChatClient,
  McpToolCallbackProvider,
  ResumableStreams,
  RunSubmitterSlot,
];

/**
 * Finds the `@Tool` methods of the application's providers and controllers at bootstrap, and exposes them with the
 * static tools of its options through `ToolCallbackRegistry` and the default `ToolCallbackResolver`; provides the
 * `ChatClient` (offering those tools to the model), its `ToolCallingManager` and the `ChatModel` (`CHAT_MODEL`).
 * Global unless `isGlobal: false`. Import it once, with `forRoot()` or `forRootAsync()`.
 */
@Module({ imports: [DiscoveryModule], providers: PROVIDERS, exports: EXPORTS })
// Not a subclass of the builder's class: its generated type would be part of the public API. The builder makes the
// dynamic module; this class is its `module`, so the providers and exports above apply.
export class ToolCallingModule implements NestModule {
  /** @internal */
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly requests: RequestContextHolder,
  ) {}

  /** The module with these options (global unless `isGlobal: false`). */
  static forRoot(options: ToolCallingModuleOptions & ToolCallingModuleExtras = {}): DynamicModule {
    return { ...ConfigurableToolCallingModule.forRoot(options), module: ToolCallingModule };
  }

  /** The module with options made by a factory, a class or an existing `ToolCallingOptionsFactory` provider. */
  static forRootAsync(options: ToolCallingModuleAsyncOptions): DynamicModule {
    return { ...ConfigurableToolCallingModule.forRootAsync(options), module: ToolCallingModule };
  }

  /** Binds each HTTP request to the tool calls it makes (`RequestContextHolder`); called by Nest. */
  configure(consumer: MiddlewareConsumer): void {
    bindFastifyRequests(this.adapterHost, this.requests);
    consumer.apply(RequestContextMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
