import { ToolCallingError } from './tool-calling.error';
import { McpMessages } from './messages/mcp.messages';

/**
 * The MCP servers of the module options or of `TOOL_CALLING_MCP_SERVERS` cannot be used; raised at startup. Each
 * problem names the server and the field, never a header or environment value.
 */
export class InvalidMcpServersError extends ToolCallingError {
  override readonly name = 'InvalidMcpServersError';

  constructor(
    /** Where the servers came from: `TOOL_CALLING_MCP_SERVERS`, or `ToolCallingModule options mcp.servers`. */
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(McpMessages.invalidServers(source, problems));
  }
}
