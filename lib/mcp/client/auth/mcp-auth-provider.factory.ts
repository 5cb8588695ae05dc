import type { McpAuthServer, McpClientAuth } from './mcp-client-auth';
import { McpOAuthClientProvider, type McpOAuthClientProviderOptions } from './mcp-oauth-client.provider';

/**
 * The SDK's `OAuthClientProvider` for one server's `auth` settings, to give the transport as its `authProvider`
 * (an `McpOAuthClientProvider`: the client also uses its `finishAuthorization` and `takeInlineAuthorization`).
 */
export function createMcpAuthProvider(
  auth: McpClientAuth,
  server: McpAuthServer,
  options?: McpOAuthClientProviderOptions,
): McpOAuthClientProvider {
  return new McpOAuthClientProvider(auth, server, options);
}
