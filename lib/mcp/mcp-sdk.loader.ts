import { ToolDefinitionError } from '../errors/tool-definition.error';
import { McpMessages } from '../errors/messages/mcp.messages';

type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
type StdioClientModule = typeof import('@modelcontextprotocol/sdk/client/stdio.js');
type HttpClientModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
type ServerModule = typeof import('@modelcontextprotocol/sdk/server/index.js');
type HttpServerModule = typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
type StdioServerModule = typeof import('@modelcontextprotocol/sdk/server/stdio.js');
type TypesModule = typeof import('@modelcontextprotocol/sdk/types.js');

/**
 * The MCP SDK, an optional peer dependency, required on first use only: importing the library never loads it.
 * When it is missing, a `ToolDefinitionError` says what to install.
 */
function load<T>(path: string, feature: string): T {
  try {
    return require(path) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    throw new ToolDefinitionError(McpMessages.sdkMissing(feature), undefined, { cause: error });
  }
}

export const McpSdk = {
  client: (feature: string) => load<ClientModule>('@modelcontextprotocol/sdk/client/index.js', feature),
  stdioClient: (feature: string) =>
    load<StdioClientModule>('@modelcontextprotocol/sdk/client/stdio.js', feature),
  httpClient: (feature: string) =>
    load<HttpClientModule>('@modelcontextprotocol/sdk/client/streamableHttp.js', feature),
  server: (feature: string) => load<ServerModule>('@modelcontextprotocol/sdk/server/index.js', feature),
  httpServer: (feature: string) =>
    load<HttpServerModule>('@modelcontextprotocol/sdk/server/streamableHttp.js', feature),
  stdioServer: (feature: string) =>
    load<StdioServerModule>('@modelcontextprotocol/sdk/server/stdio.js', feature),
  types: (feature: string) => load<TypesModule>('@modelcontextprotocol/sdk/types.js', feature),
};
