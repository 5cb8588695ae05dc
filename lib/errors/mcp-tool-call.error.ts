import { ToolCallingError } from './tool-calling.error';
import { McpMessages } from './messages/mcp.messages';

/** An MCP tool answered with `isError: true`: its text is what the model is told. */
export class McpToolCallError extends ToolCallingError {
  override readonly name = 'McpToolCallError';

  constructor(
    readonly serverName: string,
    readonly toolName: string,
    text: string,
  ) {
    super(McpMessages.toolReportedError(toolName, text));
  }
}
