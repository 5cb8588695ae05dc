import { ToolDefinitionError } from '../errors/tool-definition.error';
import { McpMessages } from '../errors/messages/mcp.messages';
import { McpClientMessages } from '../errors/messages/mcp-client.messages';

type ServerModule = typeof import('@modelcontextprotocol/server');
type NodeServerModule = typeof import('@modelcontextprotocol/node');
type StdioServerModule = typeof import('@modelcontextprotocol/server/stdio');
type AjvValidatorModule = typeof import('@modelcontextprotocol/server/validators/ajv');

// Kept once required: a `require()` on the request path resolves the package's exports map again each time.
const modules = new Map<string, unknown>();

/**
 * The MCP SDK, an optional peer dependency, required on first use only: importing the library never loads it.
 * When it is missing, a `ToolDefinitionError` says what to install.
 */
function required<T>(path: string, missing: () => string): T {
  const loaded = modules.get(path);
  if (loaded !== undefined) return loaded as T;
  try {
    const module = require(path) as T;
    modules.set(path, module);
    return module;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    throw new ToolDefinitionError(missing(), undefined, { cause: error });
  }
}

function load<T>(path: string, feature: string, pkg: string): T {
  return required<T>(path, () => McpMessages.sdkMissing(feature, pkg));
}

export const McpSdk = {
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
};

type ClientV2Module = typeof import('@modelcontextprotocol/client');
type StdioClientV2Module = typeof import('@modelcontextprotocol/client/stdio');

/** The MCP client SDK v2 (`@modelcontextprotocol/client`), required on first use only, as `McpSdk`. */
function loadClient<T>(path: string, feature: string): T {
  return required<T>(path, () => McpClientMessages.clientSdkMissing(feature));
}

export const McpClientSdk = {
  client: (feature: string) => loadClient<ClientV2Module>('@modelcontextprotocol/client', feature),
  stdio: (feature: string) => loadClient<StdioClientV2Module>('@modelcontextprotocol/client/stdio', feature),
};
