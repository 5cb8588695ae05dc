/**
 * How the client authorizes itself to an MCP server over HTTP (OAuth 2.1, through the MCP SDK's auth support).
 * Placeholder shape for issue 25: the OAuth work replaces it with the authorization-code and client-credentials
 * variants.
 */
export interface McpClientAuth {
  readonly type: 'authorization_code' | 'client_credentials';
}
