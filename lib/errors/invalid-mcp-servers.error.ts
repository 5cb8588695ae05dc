import { ToolCallingConfigurationError } from './tool-calling-configuration.error';
import { McpMessages } from './messages/mcp.messages';

/**
 * The MCP servers of the module options or of `TOOL_CALLING_MCP_SERVERS` cannot be used; raised at startup. Each
 * problem names the server and the field, never a header or environment value.
 */
export class InvalidMcpServersError extends ToolCallingConfigurationError {
  /** Always `'InvalidMcpServersError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidMcpServersError';

  constructor(
    /** Where the servers came from: `TOOL_CALLING_MCP_SERVERS`, or `ToolCallingModule options mcp.servers`. */
    readonly source: string,
    /** Each problem, naming the server and the field. */
    readonly problems: readonly string[],
  ) {
    super(McpMessages.invalidServers(source, problems));
  }
}
