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
} from './server/mcp-server-options';
export { MCP_SERVER_MODULE_OPTIONS } from './server/mcp-server.tokens';
export {
  serveToolsOverStdio,
  type McpStdioOptions,
  type McpStdioServer,
} from './server/serve-tools-over-stdio';
export { StderrLogger } from './server/stderr.logger';
export {
  McpOAuthClientProvider,
  type McpOAuthClientProviderOptions,
  MCP_AUTHORIZATION_PENDING_MS,
} from './client/auth/mcp-oauth-client.provider';
export { createMcpAuthProvider } from './client/auth/mcp-auth-provider.factory';
export { withMcpAuthorization, MCP_AUTHORIZATION_ROUNDS } from './client/auth/with-mcp-authorization';
export { InMemoryMcpTokenStore } from './client/auth/in-memory-mcp-token-store';
export type {
  McpClientAuth,
  McpClientAuthBase,
  McpAuthorizationCodeAuth,
  McpClientCredentialsAuth,
  McpCrossAppAccessAuth,
  McpAuthorizationResponse,
  McpAuthServer,
  McpPreRegisteredClient,
  McpClientPrivateKey,
  McpIdentityProvider,
} from './client/auth/mcp-client-auth';
export type {
  McpTokenStore,
  McpAuthRecords,
  McpAuthSlot,
  McpAuthDocument,
} from './client/auth/mcp-token-store';
export {
  InMemoryMcpEventStore,
  type InMemoryMcpEventStoreOptions,
} from './server/event-store/in-memory-mcp-event-store';
export type {
  McpEventStore,
  McpSessionEventStore,
  McpEventMessage,
} from './server/event-store/mcp-event-store';
