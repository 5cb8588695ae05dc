import { McpToolCallbackProvider } from '../mcp/client/mcp-tool-callback-provider';
import type { ToolCallbackRegistry } from './tool-callback.registry';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';

/**
 * The module's `McpToolCallbackProvider`, over the servers of `options.mcp` (none: an empty, static provider). The
 * application's own tools keep their names: an MCP tool with the same name gets its server's prefix.
 */
export function mcpToolCallbackProviderFromOptions(
  options: ToolCallingModuleOptions,
  registry: ToolCallbackRegistry,
): McpToolCallbackProvider {
  return new McpToolCallbackProvider({
    ...options.mcp,
    source: 'ToolCallingModule options mcp.servers',
    reservedNames: () =>
      registry.isReady
        ? registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name)
        : [],
  });
}
