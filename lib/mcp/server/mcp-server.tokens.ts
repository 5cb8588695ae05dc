/** The `McpServerModuleOptions` given to `McpServerModule.forRoot()`. */
export const MCP_SERVER_MODULE_OPTIONS = Symbol('nestjs-tool-calling:mcp-server-options');
