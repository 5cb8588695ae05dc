import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { McpAuthorizationError } from '../../errors/mcp-authorization.error';
import { McpAuthMessages } from '../../errors/messages/mcp-auth.messages';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { McpAuthorizationResponse } from './auth/mcp-client-auth';
import type { McpClientOptions } from './mcp-client-options';
import type { McpListedTool } from './mcp-listed-tool';
import { McpServerConnection } from './mcp-server-connection';
import { validateMcpServers } from './mcp-servers.validation';
import { McpToolCallback } from './mcp-tool-callback';
import { assignToolNames } from './mcp-tool-names';

const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_RETRY_DELAY_MS = 2_000;
const DEFAULT_CLIENT_INFO = { name: 'nestjs-tool-calling', version: '0.1.0' };

/** The servers to take tools from and how, with what the module adds. */
export interface McpToolCallbackProviderOptions extends McpClientOptions {
  /** Names already taken (the application's own tools): an MCP tool with one of them gets its server's prefix. */
  readonly reservedNames?: () => Iterable<string>;
  /**
   * Where the servers come from, for error messages.
   * @defaultValue `'McpToolCallbackProvider'`
   */
  readonly source?: string;
}

type Listing = readonly (readonly McpListedTool[] | undefined)[];

/**
 * The tools of MCP servers, as a lazy `ToolCallbackProvider` (Spring AI's `McpToolCallbackProvider`): no server is
 * contacted until a chat call asks for the tools; each server's list is then cached until it changes. A server
 * that cannot be reached offers nothing for the time being (with a warning) and the others keep working.
 */
export class McpToolCallbackProvider implements ToolCallbackProvider, OnApplicationShutdown {
  private readonly logger = new Logger('McpToolCallbackProvider');
  private readonly connections: readonly McpServerConnection[];
  private readonly forward: ReadonlyMap<string, readonly string[]>;
  private readonly listeners = new Set<() => void>();
  private last?: { listing: Listing; reserved: string; callbacks: readonly ToolCallback[] };
  private readonly failing = new Set<string>();

  /** Throws `InvalidMcpServersError` for servers it cannot use. */
  constructor(private readonly options: McpToolCallbackProviderOptions = {}) {
    const servers = validateMcpServers(options.source ?? 'McpToolCallbackProvider', options.servers ?? {});
    const settings = {
      clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      warn: (message: string) => this.logger.warn(message),
      debug: (message: string) => this.logger.debug(message),
      onToolsChanged: () => this.changed(),
    };
    this.connections = Object.entries(servers).map(
      ([name, config]) => new McpServerConnection(name, config, settings),
    );
    this.forward = new Map(
      Object.entries(servers).map(([name, config]) => [
        name,
        config.forwardContext ?? options.forwardContext ?? [],
      ]),
    );
  }

  /** With no server, there is nothing to wait for: the module then treats it as static. */
  get isStatic(): boolean {
    return this.connections.length === 0;
  }

  /** The names of the servers, in configuration order. */
  get serverNames(): string[] {
    return this.connections.map((connection) => connection.name);
  }

  /** Lists every server's tools (from the cache when nothing changed) and returns them as callbacks. */
  getToolCallbacks(): readonly ToolCallback[] | Promise<readonly ToolCallback[]> {
    if (this.connections.length === 0) return [];
    return Promise.all(this.connections.map((connection) => this.listOf(connection))).then((listing) =>
      this.callbacksFor(listing),
    );
  }

  /**
   * Calls `listener` when a server's tools may have changed (a `notifications/tools/list_changed`, a lost
   * connection); returns the function that stops it.
   */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Completes the authorization of the server named `serverName` with what the app's redirect endpoint received
   * (`code`, `state`, `iss` of the redirect URL's query), then connects to it again: its tools are offered from the
   * next chat call. Throws `McpAuthorizationError` for a server not in the options or without an `auth` of type
   * `authorization_code`, and for a redirect that does not match the authorization in progress (a wrong `state`,
   * a refused code); the error text never shows the code.
   */
  async finishAuthorization(serverName: string, response: McpAuthorizationResponse): Promise<void> {
    const connection = this.connections.find((candidate) => candidate.name === serverName);
    if (connection === undefined)
      throw new McpAuthorizationError(serverName.slice(0, 40), McpAuthMessages.unknownServer(serverName));
    await connection.finishAuthorization(response);
  }

  /** Ends every connection (stdio servers stop); a later use connects again. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }

  /** Closes the connections when the application shuts down; called by Nest. */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private async listOf(connection: McpServerConnection): Promise<readonly McpListedTool[] | undefined> {
    try {
      const tools = await connection.listTools();
      if (this.failing.delete(connection.name))
        this.logger.log(`MCP server "${connection.name}" is reachable again`);
      return tools;
    } catch (error) {
      // One warning per outage, not one per chat call.
      if (!this.failing.has(connection.name)) {
        this.failing.add(connection.name);
        this.logger.warn((error as Error).message);
      }
      return undefined;
    }
  }

  private callbacksFor(listing: Listing): readonly ToolCallback[] {
    const reservedNames = [...(this.options.reservedNames?.() ?? [])];
    const reserved = reservedNames.join('\u0000');
    const last = this.last;
    // The same lists give the very same callbacks, so a chat client's resolution can be reused.
    if (last && last.reserved === reserved && last.listing.every((tools, i) => tools === listing[i]))
      return last.callbacks;
    const entries = listing.flatMap((tools, i) =>
      (tools ?? []).map((tool) => ({ connection: this.connections[i], tool })),
    );
    const names = assignToolNames(
      entries.map(({ connection, tool }) => ({ server: connection.name, name: tool.name })),
      new Set(reservedNames),
    );
    const callbacks = Object.freeze(
      entries.map(
        ({ connection, tool }, i) =>
          new McpToolCallback(connection, tool, names[i], this.forward.get(connection.name) ?? []),
      ),
    );
    this.last = { listing, reserved, callbacks };
    return callbacks;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
