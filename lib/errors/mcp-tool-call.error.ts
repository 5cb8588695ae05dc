import { ToolCallingError } from './tool-calling.error';
import { McpMessages } from './messages/mcp.messages';

/** An MCP tool answered with `isError: true`: its text is what the model is told. */
export class McpToolCallError extends ToolCallingError {
  /** Always `'McpToolCallError'`, also after serialization or across copies of the package. */
  override readonly name = 'McpToolCallError';

  constructor(
    /** The MCP server, as named in the options. */
    readonly serverName: string,
    /** The tool's name on that server. */
    readonly toolName: string,
    text: string,
  ) {
    super(McpMessages.toolReportedError(toolName, text));
  }
}
