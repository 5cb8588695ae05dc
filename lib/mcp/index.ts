// nestjs-tool-calling/mcp: tools of MCP servers as a lazy provider, and this app's tools served over MCP, on the
// official MCP SDK (an optional peer). The plain option types stay in the root entry: the module's options use them.
export {
  McpToolCallbackProvider,
  type McpToolCallbackProviderOptions,
} from './client/mcp-tool-callback-provider';
export { McpToolCallback } from './client/mcp-tool-callback';
export { McpServerModule } from './server/mcp-server.module';
export { McpToolServer, type McpToolSource, type McpCallerProvider } from './server/mcp-tool-server';
export type {
  McpServerModuleOptions,
  McpToolServerOptions,
  McpServedTools,
  McpServerIdentity,
  McpEventStore,
} from './server/mcp-server-options';
export { MCP_SERVER_MODULE_OPTIONS } from './server/mcp-server.tokens';
export {
  serveToolsOverStdio,
  type McpStdioOptions,
  type McpStdioServer,
} from './server/serve-tools-over-stdio';
export { StderrLogger } from './server/stderr.logger';
