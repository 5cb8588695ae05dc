import { ToolCallingError } from './tool-calling.error';
import { McpMessages } from './messages/mcp.messages';

/**
 * An MCP server could not be reached, or its connection broke during a call. The model receives the message as an
 * error result; the next use of the server connects again (a stdio server is started again).
 */
export class McpServerUnavailableError extends ToolCallingError {
  /** Always `'McpServerUnavailableError'`, also after serialization or across copies of the package. */
  override readonly name = 'McpServerUnavailableError';

  constructor(
    /** The MCP server, as named in the options. */
    readonly serverName: string,
    /** undefined, | The tool being called, when the server failed during a call. */
    readonly toolName: string | undefined,
    cause: unknown,
  ) {
    super(McpMessages.serverUnavailable(serverName, toolName, cause), { cause });
  }
}
