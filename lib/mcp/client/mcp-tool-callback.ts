import { InvalidToolInputError } from '../../errors/invalid-tool-input.error';
import { McpToolCallError } from '../../errors/mcp-tool-call.error';
import { parseToolInputJson } from '../../tool/input/tool-input-json';
import { toModelSchema } from '../../tool/schema/model-schema';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolResult } from '../../tool/result/tool-result';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolDefinition } from '../../tool/tool-definition';
import { DEFAULT_TOOL_METADATA, type ToolMetadata } from '../../tool/tool-metadata';
import { mcpResultText, mcpToolResult } from './mcp-call-result';
import type { McpListedTool } from './mcp-listed-tool';
import type { McpServerConnection } from './mcp-server-connection';

/**
 * One tool of an MCP server, as a `ToolCallback`: offered under a name models accept, called on the server by its
 * own name. The arguments are checked against the tool's schema here first, so that the model is told precisely
 * what to fix; the `ToolContext` keys listed as forwardable travel in `_meta`, and nothing else of it.
 */
export class McpToolCallback implements ToolCallback {
  private readonly definition: ToolDefinition;

  /** @internal Made by `McpToolCallbackProvider` for each tool a server lists. */
  constructor(
    private readonly connection: McpServerConnection,
    private readonly tool: McpListedTool,
    name: string,
    private readonly forwardContext: readonly string[],
  ) {
    this.definition = Object.freeze({
      name,
      description: tool.description,
      inputSchema: toModelSchema(tool.inputSchema),
      ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema }),
    });
  }

  /** The server this tool lives on. */
  get serverName(): string {
    return this.connection.name;
  }

  /** The tool's name on its server (the model may know it under another, see `getToolDefinition().name`). */
  get originalName(): string {
    return this.tool.name;
  }

  /**
   * The tool as the model sees it: its name here, the server's description and input schema; and the server's
   * `outputSchema`, when it declares one (served again if this app serves the tool over MCP).
   */
  getToolDefinition(): ToolDefinition {
    return this.definition;
  }

  /** How the tool is run: as any tool, not returning directly. */
  getToolMetadata(): ToolMetadata {
    return DEFAULT_TOOL_METADATA;
  }

  /**
   * Checks the arguments against the tool's schema, calls the tool on its server and resolves to the result: its
   * text when the server sent only text, otherwise a `ToolResult` of the server's blocks (images, audio, resource
   * links, embedded resources) and structured content. Rejects with `InvalidToolInputError`, `McpToolCallError`
   * (the tool reported an error), `McpServerUnavailableError`, or, for a server with `auth`,
   * `McpAuthorizationRequiredError` (the user was sent to authorize) or `McpAuthorizationError`.
   */
  async call(input: string, context?: ToolContext): Promise<string | ToolResult> {
    const name = this.definition.name;
    const args = parseToolInputJson(input, name);
    const found = this.tool.validate(args);
    if (found) throw new InvalidToolInputError(name, found.issues, found.count);
    const result = await this.connection.callTool(this.tool.name, name, args, this.meta(context), context);
    if (result.isError === true)
      throw new McpToolCallError(this.connection.name, name, mcpResultText(result));
    return mcpToolResult(result);
  }

  private meta(context: ToolContext | undefined): Record<string, unknown> | undefined {
    if (!context || this.forwardContext.length === 0) return undefined;
    let meta: Record<string, unknown> | undefined;
    for (const key of this.forwardContext) {
      const value = context.get(key);
      if (value !== undefined) (meta ??= {})[key] = value;
    }
    return meta;
  }
}
