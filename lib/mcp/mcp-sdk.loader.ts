import { ToolDefinitionError } from '../errors/tool-definition.error';
import { McpMessages } from '../errors/messages/mcp.messages';
import { McpClientMessages } from '../errors/messages/mcp-client.messages';

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
  server: (feature: string) => load<ServerModule>('@modelcontextprotocol/sdk/server/index.js', feature),
  httpServer: (feature: string) =>
    load<HttpServerModule>('@modelcontextprotocol/sdk/server/streamableHttp.js', feature),
  stdioServer: (feature: string) =>
    load<StdioServerModule>('@modelcontextprotocol/sdk/server/stdio.js', feature),
  types: (feature: string) => load<TypesModule>('@modelcontextprotocol/sdk/types.js', feature),
};

type ClientV2Module = typeof import('@modelcontextprotocol/client');
type StdioClientV2Module = typeof import('@modelcontextprotocol/client/stdio');

/** The MCP client SDK v2 (`@modelcontextprotocol/client`), required on first use only, as `McpSdk`. */
function loadClient<T>(path: string, feature: string): T {
  try {
    return require(path) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    throw new ToolDefinitionError(McpClientMessages.clientSdkMissing(feature), undefined, { cause: error });
  }
}

export const McpClientSdk = {
  client: (feature: string) => loadClient<ClientV2Module>('@modelcontextprotocol/client', feature),
  stdio: (feature: string) => loadClient<StdioClientV2Module>('@modelcontextprotocol/client/stdio', feature),
};
