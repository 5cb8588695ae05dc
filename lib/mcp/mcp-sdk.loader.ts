import { ToolDefinitionError } from '../errors/tool-definition.error';
import { McpMessages } from '../errors/messages/mcp.messages';

type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
type StdioClientModule = typeof import('@modelcontextprotocol/sdk/client/stdio.js');
type HttpClientModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
type ServerModule = typeof import('@modelcontextprotocol/server');
type NodeServerModule = typeof import('@modelcontextprotocol/node');
type StdioServerModule = typeof import('@modelcontextprotocol/server/stdio');
type AjvValidatorModule = typeof import('@modelcontextprotocol/server/validators/ajv');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');

/**
 * The MCP SDK, an optional peer dependency, required on first use only: importing the library never loads it.
 * When it is missing, a `ToolDefinitionError` says what to install.
 */
function load<T>(path: string, feature: string, pkg?: string): T {
  try {
    return require(path) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    throw new ToolDefinitionError(McpMessages.sdkMissing(feature, pkg), undefined, { cause: error });
  }
}

export const McpSdk = {
  client: (feature: string) => load<ClientModule>('@modelcontextprotocol/sdk/client/index.js', feature),
  stdioClient: (feature: string) =>
    load<StdioClientModule>('@modelcontextprotocol/sdk/client/stdio.js', feature),
  httpClient: (feature: string) =>
    load<HttpClientModule>('@modelcontextprotocol/sdk/client/streamableHttp.js', feature),
  /** The server side is on the SDK v2: `@modelcontextprotocol/server` (and its Node adapter). */
  server: (feature: string) =>
    load<ServerModule>('@modelcontextprotocol/server', feature, '@modelcontextprotocol/server'),
  nodeServer: (feature: string) =>
    load<NodeServerModule>('@modelcontextprotocol/node', feature, '@modelcontextprotocol/node'),
  stdioServer: (feature: string) =>
    load<StdioServerModule>('@modelcontextprotocol/server/stdio', feature, '@modelcontextprotocol/server'),
  ajvValidator: (feature: string) =>
    load<AjvValidatorModule>(
      '@modelcontextprotocol/server/validators/ajv',
      feature,
      '@modelcontextprotocol/server',
    ),
  types: (feature: string) => load<TypesModule>('@modelcontextprotocol/sdk/types.js', feature),
};
