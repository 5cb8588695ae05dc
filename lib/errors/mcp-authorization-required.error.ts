import { ToolCallingError } from './tool-calling.error';
import { McpAuthMessages } from './messages/mcp-auth.messages';

/**
 * An MCP server needs the user's authorization and the app's `onAuthorizationUrl` sent the user to it without
 * waiting for the code: the server's tools are unavailable until the redirect endpoint calls `finishAuthorization`.
 */
export class McpAuthorizationRequiredError extends ToolCallingError {
  /** Always `'McpAuthorizationRequiredError'`, also after serialization or across copies of the package. */
  override readonly name = 'McpAuthorizationRequiredError';

  constructor(
    /** The MCP server, as named in the options. */
    readonly serverName: string,
  ) {
    super(McpAuthMessages.required(serverName));
  }
}
