import { ToolCallingError } from './tool-calling.error';
import { McpAuthMessages } from './messages/mcp-auth.messages';

/**
 * The MCP client could not get authorized by a server: its authorization server refused (bad client, bad grant,
 * wrong resource), its metadata is unusable, or a redirect did not match the authorization in progress. The
 * message never shows a token, code, secret or key.
 */
export class McpAuthorizationError extends ToolCallingError {
  /** Always `'McpAuthorizationError'`, also after serialization or across copies of the package. */
  override readonly name = 'McpAuthorizationError';

  constructor(
    /** The MCP server, as named in the options. */
    readonly serverName: string,
    /** Why, with any secret removed. */
    readonly reason: string,
    /** undefined, | The OAuth error code the authorization server answered with (`invalid_client`…). */
    readonly oauthError?: string,
  ) {
    super(McpAuthMessages.failed(serverName, reason));
  }
}
