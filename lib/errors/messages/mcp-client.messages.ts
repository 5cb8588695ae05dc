/** Message texts of the MCP client's v2 work: what a server is told when its request cannot be served. */
export const McpClientMessages = {
  clientSdkMissing: (feature: string) =>
    `${feature} needs the package "@modelcontextprotocol/client": npm install @modelcontextprotocol/client`,

  elicitationSchemaInvalid: (server: string, problems: readonly string[]) =>
    `elicitation/create from MCP server "${server}" is refused: its requestedSchema ${problems.join('; ')}`,

  elicitationModeUnsupported: (server: string, mode: string) =>
    `elicitation/create from MCP server "${server}" is refused: mode ${JSON.stringify(mode.slice(0, 40))} is ` +
    'not supported by this client (form only)',

  elicitationUnrouted: (server: string) =>
    `elicitation/create from MCP server "${server}" is refused: no tool call of this client is waiting on it`,
};
