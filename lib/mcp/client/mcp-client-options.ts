import type { McpClientAuth } from './auth/mcp-client-auth';

/** An MCP server reached over Streamable HTTP. */
export interface McpHttpServerConfig {
  /** The endpoint, `http(s)://…/mcp`. */
  readonly url: string;
  /** Sent with every request (an `Authorization` header, say). Never logged nor shown in an error. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * How the client authorizes itself to the server (OAuth 2.1 through the SDK's auth support): the transport gets
   * the provider `createMcpAuthProvider()` makes of it. A token it obtains replaces an `Authorization` entry of
   * `headers`. Credentials in it are never logged nor shown in an error.
   */
  readonly auth?: McpClientAuth;
}

/** An MCP server started as a child process and spoken to over its stdin/stdout. */
export interface McpStdioServerConfig {
  /** The program that runs the server, started as a child process. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Added to the SDK's default environment of the child (PATH, HOME…); never logged. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * Working directory of the child.
   * @defaultValue this process's
   */
  readonly cwd?: string;
}

/** Settings every server may have, whatever its transport. */
export interface McpServerCommonConfig {
  /**
   * Keys of the `ToolContext` sent to this server's tools in the request's `_meta` (the server's tools may need the
   * tenant, say). Default: the client's `forwardContext`. Nothing else of the context leaves the process.
   */
  readonly forwardContext?: readonly string[];
}

/** One MCP server to take tools from: over HTTP or a child process's stdio, with the options both share. */
export type McpServerConfig = (McpHttpServerConfig | McpStdioServerConfig) & McpServerCommonConfig;

/** The MCP servers whose tools the application offers, and how to talk to them. */
export interface McpClientOptions {
  /** By name (`^[a-zA-Z0-9_-]{1,32}$`): the name prefixes a tool's name when its own name clashes. */
  readonly servers?: Readonly<Record<string, McpServerConfig>>;
  /** `ToolContext` keys sent in `_meta` to every server's tools (a server's own list replaces it). */
  readonly forwardContext?: readonly string[];
  /**
   * The SDK's limit for one MCP request, in milliseconds; the tool's own timeout applies too.
   * @defaultValue 60000
   */
  readonly requestTimeoutMs?: number;
  /**
   * After a failed connection, how long before a server is tried again, in milliseconds.
   * @defaultValue 2000
   */
  readonly retryDelayMs?: number;
  /**
   * How this client introduces itself to servers.
   * @defaultValue `nestjs-tool-calling`
   */
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

export function isStdioServer(
  config: McpServerConfig,
): config is McpStdioServerConfig & McpServerCommonConfig {
  return typeof (config as McpStdioServerConfig).command === 'string';
}
