import type { McpClientAuth } from './mcp-client-auth';

/** The SDK's `OAuthClientProvider` for one server's `auth` settings (issue 25 fills it in). */
export function createMcpAuthProvider(auth: McpClientAuth, server: { name: string; url: string }): unknown {
  throw new Error(`MCP server "${server.name}": OAuth (${auth.type}) is not available yet`);
}
