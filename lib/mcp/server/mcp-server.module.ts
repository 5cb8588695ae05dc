import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ToolCallingManager } from '../../chat/loop/tool-calling-manager';
import { ToolCallbackRegistry } from '../../module/tool-callback.registry';
import { MCP_EVENT_STORE } from '../../module/tool-calling-module.tokens';
import type { McpEventStore } from './event-store/mcp-event-store';
import { mcpEventStoreOf } from './mcp-event-store.provider';
import { McpHttpEndpoint } from './mcp-http.endpoint';
import { createMcpController } from './mcp.controller';
import type { McpServerModuleOptions } from './mcp-server-options';
import { MCP_SERVER_MODULE_OPTIONS } from './mcp-server.tokens';
import { McpToolServer } from './mcp-tool-server';

/**
 * Serves the application's tools over MCP Streamable HTTP at `path` (default `/mcp`, under the global prefix),
 * through a Nest controller: the app's guards and authentication decide who may call, and each call runs as the
 * MCP HTTP request's caller. Serves 2026-07-28 clients (stateless) and 2025-era ones (stateless, or `sessions`). Needs `ToolCallingModule` (global by default). `McpToolServer` is injectable, to send
 * `notifications/tools/list_changed`.
 */
@Module({})
export class McpServerModule implements OnApplicationShutdown {
  /** @internal */
  constructor(@Inject(McpHttpEndpoint) private readonly endpoint: McpHttpEndpoint) {}

  /** Serves the application's tools over MCP's streamable HTTP at `options.path`. */
  static forRoot(options: McpServerModuleOptions = {}): DynamicModule {
    const path = options.path ?? 'mcp';
    return {
      module: McpServerModule,
      imports: options.imports ?? [],
      controllers: [createMcpController(path, options.guards ?? [], options.decorators ?? [])],
      providers: [
        { provide: MCP_SERVER_MODULE_OPTIONS, useValue: options },
        {
          provide: McpToolServer,
          useFactory: (registry: ToolCallbackRegistry, manager: ToolCallingManager) =>
            new McpToolServer(registry, manager, options),
          inject: [ToolCallbackRegistry, ToolCallingManager],
        },
        {
          provide: McpHttpEndpoint,
          useFactory: (tools: McpToolServer, moduleStore?: McpEventStore) =>
            new McpHttpEndpoint(tools, options, mcpEventStoreOf(options, moduleStore)),
          inject: [McpToolServer, { token: MCP_EVENT_STORE, optional: true }],
        },
      ],
      exports: [McpToolServer],
    };
  }

  /** Closes the open MCP sessions; called by Nest. */
  async onApplicationShutdown(): Promise<void> {
    await this.endpoint.close();
  }
}
