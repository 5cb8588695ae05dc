function causeMessage(cause: unknown): string {
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}

/** Message texts of the MCP client and server. None of them shows a header value or an environment value. */
export const McpMessages = {
  serverUnavailable: (server: string, toolName: string | undefined, cause: unknown) =>
    `MCP server "${server}" is unavailable${toolName ? `, so the tool ${toolName} cannot run now` : ''}: ` +
    causeMessage(cause),

  toolReportedError: (toolName: string, text: string) => text || `the tool ${toolName} reported an error`,

  malformedTool: (server: string, index: number, reason: string) =>
    `MCP server "${server}": tool #${index} of its list is left out: ${reason}`,

  listFailed: (server: string, cause: unknown) =>
    `MCP server "${server}": its tools are not offered for now, tools/list failed: ${causeMessage(cause)}`,

  invalidServers: (source: string, problems: readonly string[]) =>
    `${source} is not a valid set of MCP servers:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,

  notJson: (variable: string) =>
    `${variable} must be a JSON object of MCP servers ({ "<name>": { "url": … } })`,

  sdkMissing: (feature: string, pkg = '@modelcontextprotocol/server') =>
    `${feature} needs the package "${pkg}": npm install ${pkg}`,

  hostNotAllowed: (option: string) =>
    `this MCP endpoint does not accept requests for that Host; allow it with the ${option} option`,

  originNotAllowed: (option: string) =>
    `this MCP endpoint does not accept requests from that Origin; allow it with the ${option} option`,

  bodyTooLarge: (limit: number) => `the MCP request body exceeds ${limit} bytes`,

  unknownTool: (name: string) => `unknown tool ${JSON.stringify(name).slice(0, 80)}`,

  toolFailed: (name: string) => `the tool ${name} failed`,

  structuredContentMissing: (name: string) =>
    `the tool ${name} declares an outputSchema but returned no structured content (return a ToolResult ` +
    `.withStructuredContent(…))`,

  sessionNotFound: () => 'unknown or expired MCP session: start a new one with an initialize request',

  sessionRequired: () => 'an MCP session is required: send an initialize request first',

  notApproved: (name: string) => `the call of ${name} was not approved, so it did not run`,

  approvalQuestion: (name: string, args: Record<string, unknown>) =>
    `Approve the call of ${name} with ${JSON.stringify(args).slice(0, 2000)}?`,
} as const;
