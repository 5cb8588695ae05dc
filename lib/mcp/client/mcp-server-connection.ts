import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpServerUnavailableError } from '../../errors/mcp-server-unavailable.error';
import { McpSdk } from '../mcp-sdk.loader';
import { abortScopedFetch } from './abort-scoped-fetch';
import { isStdioServer, type McpServerConfig } from './mcp-client-options';
import { checkListedTools, type McpListedTool } from './mcp-listed-tool';

const FEATURE = 'An MCP server in the ToolCallingModule options';
const MAX_PAGES = 100;

export interface McpConnectionSettings {
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly requestTimeoutMs: number;
  readonly retryDelayMs: number;
  readonly warn: (message: string) => void;
  readonly debug: (message: string) => void;
  /** Called when the server says its tools changed, or when a new connection may list other tools. */
  readonly onToolsChanged: () => void;
}

/**
 * The link to one MCP server: connected on first use (never before), its tool list cached until the server sends
 * `notifications/tools/list_changed` or the connection is lost. A connection that closes (a stdio server that
 * exits, an HTTP server that forgot the session) is dropped and made again on next use.
 */
export class McpServerConnection {
  private client?: Promise<Client>;
  private current?: Client;
  private tools?: Promise<readonly McpListedTool[]>;
  private failedUntil = 0;
  private lastFailure?: unknown;

  constructor(
    readonly name: string,
    private readonly config: McpServerConfig,
    private readonly settings: McpConnectionSettings,
  ) {}

  /** The server's usable tools, from the cache or from `tools/list`; rejects when the server cannot be reached. */
  listTools(): Promise<readonly McpListedTool[]> {
    if (this.tools) return this.tools;
    const listing = this.list();
    this.tools = listing;
    listing.catch(() => {
      if (this.tools === listing) this.tools = undefined;
    });
    return listing;
  }

  /**
   * Calls a tool by its original name (`shownAs`: the name the model knows, for errors); the signal's abort reaches
   * the server as a cancellation.
   */
  async callTool(
    toolName: string,
    shownAs: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    signal: AbortSignal | undefined,
  ): Promise<CallToolResult> {
    const client = await this.connected(shownAs);
    try {
      const result = await client.callTool(
        { name: toolName, arguments: args, ...(meta && { _meta: meta }) },
        undefined,
        { signal, timeout: this.settings.requestTimeoutMs },
      );
      return result as CallToolResult;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (this.isConnectionFailure(error)) {
        this.drop(client);
        throw new McpServerUnavailableError(this.name, shownAs, error);
      }
      throw error;
    }
  }

  /** Closes the connection (a stdio server's process ends). */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.current = undefined;
    this.tools = undefined;
    if (client) await client.then((c) => c.close()).catch(() => undefined);
  }

  private async list(): Promise<readonly McpListedTool[]> {
    const client = await this.connected(undefined);
    const { ResultSchema } = McpSdk.types(FEATURE);
    const raw: unknown[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = (await client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          ResultSchema,
          { timeout: this.settings.requestTimeoutMs },
        )) as { tools?: unknown; nextCursor?: unknown };
        if (Array.isArray(result.tools)) raw.push(...(result.tools as unknown[]));
        cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
        if (cursor === undefined) break;
      }
    } catch (error) {
      if (this.isConnectionFailure(error)) this.drop(client);
      throw new McpServerUnavailableError(this.name, undefined, error);
    }
    return Object.freeze(checkListedTools(this.name, raw, this.settings.warn));
  }

  private connected(toolName: string | undefined): Promise<Client> {
    if (this.client) return this.client;
    if (Date.now() < this.failedUntil)
      return Promise.reject(new McpServerUnavailableError(this.name, toolName, this.lastFailure));
    const connecting = this.connect();
    this.client = connecting;
    connecting.catch((error: unknown) => {
      if (this.client === connecting) this.client = undefined;
      this.failedUntil = Date.now() + this.settings.retryDelayMs;
      this.lastFailure = error;
    });
    return connecting.catch((error: unknown) => {
      throw new McpServerUnavailableError(this.name, toolName, error);
    });
  }

  private async connect(): Promise<Client> {
    const { Client } = McpSdk.client(FEATURE);
    const { ToolListChangedNotificationSchema } = McpSdk.types(FEATURE);
    const client = new Client(
      { name: this.settings.clientInfo.name, version: this.settings.clientInfo.version },
      { capabilities: {} },
    );
    const transport = this.transport();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.tools = undefined;
      this.settings.onToolsChanged();
    });
    client.onclose = () => {
      if (this.current !== client) return;
      this.settings.debug(`MCP server "${this.name}": connection closed; the next use connects again`);
      this.drop(client);
    };
    try {
      await client.connect(transport, { timeout: this.settings.requestTimeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    this.current = client;
    return client;
  }

  private transport(): Transport {
    const config = this.config;
    if (isStdioServer(config)) {
      const { StdioClientTransport, getDefaultEnvironment } = McpSdk.stdioClient(FEATURE);
      const transport = new StdioClientTransport({
        command: config.command,
        args: config.args ? [...config.args] : undefined,
        env: { ...getDefaultEnvironment(), ...config.env },
        cwd: config.cwd,
        stderr: 'pipe',
      });
      // Read, so that a chatty server never blocks on a full pipe; shown at debug level only.
      transport.stderr?.on('data', (chunk: Buffer) =>
        this.settings.debug(`MCP server "${this.name}" stderr: ${String(chunk).trimEnd()}`),
      );
      return transport;
    }
    const { StreamableHTTPClientTransport } = McpSdk.httpClient(FEATURE);
    return new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers ? { headers: { ...config.headers } } : undefined,
      fetch: abortScopedFetch,
    });
  }

  /** Forgets the connection (and the tools it listed), so that the next use connects again. */
  private drop(client: Client): void {
    if (this.current !== client) return;
    this.current = undefined;
    this.client = undefined;
    if (this.tools) {
      this.tools = undefined;
      this.settings.onToolsChanged();
    }
    void client.close().catch(() => undefined);
  }

  /** Errors of the link rather than of the tool: not a JSON-RPC error answered by the server, or a closed link. */
  private isConnectionFailure(error: unknown): boolean {
    const { McpError, ErrorCode } = McpSdk.types(FEATURE);
    if (error instanceof McpError) return error.code === (ErrorCode.ConnectionClosed as number);
    // A result the SDK's schema refuses is the server's mistake, not a broken link.
    return (error as Error | undefined)?.name !== 'ZodError';
  }
}
