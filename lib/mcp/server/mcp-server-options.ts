import type { CanActivate, Type, ModuleMetadata } from '@nestjs/common';
import type { McpEventStore, McpSessionEventStore } from './event-store/mcp-event-store';
import type { ToolCallback } from '../../tool/tool-callback';

/** Which of the application's tools are served: names, or a test on each callback. Default: every one. */
export type McpServedTools = readonly string[] | ((callback: ToolCallback) => boolean);

/** What the MCP server says about itself in `initialize`. */
export interface McpServerIdentity {
  /** The server's name, as clients show it. */
  readonly name: string;
  /** The server's version. */
  readonly version: string;
}

/** What every MCP server of the application shares, over HTTP or stdio. */
export interface McpToolServerOptions {
  /**
   * The tools served.
   * @defaultValue every static and discovered tool of the application
   */
  readonly tools?: McpServedTools;
  /**
   * How the server introduces itself to clients.
   * @defaultValue `{ name: 'nestjs-tool-calling', version: '0.1.0' }`
   */
  readonly serverInfo?: McpServerIdentity;
  /** Sent to clients in `initialize`: how to use these tools. */
  readonly instructions?: string;
  /**
   * The `ToolContext` values of the calls made by a caller (the tenant of the authenticated user, say), from the
   * HTTP request of the call (the `caller` object for stdio). Never shown to the MCP client.
   */
  readonly toolContext?: (caller: any) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** Options of `McpServerModule.forRoot()`: the Streamable HTTP endpoint in the Nest application. */
export interface McpServerModuleOptions extends McpToolServerOptions {
  /**
   * Where the endpoint is mounted, under the app's global prefix.
   * @defaultValue `'mcp'`
   */
  readonly path?: string;
  /** Guards of the endpoint (your authentication guard): the MCP HTTP request is the caller. */
  readonly guards?: readonly (Type<CanActivate> | CanActivate)[];
  /** Modules the endpoint's guards depend on (the module that provides your authentication guard). */
  readonly imports?: ModuleMetadata['imports'];
  /** More class decorators for the endpoint's controller (`UseInterceptors(…)`, `ApiExcludeController()`…). */
  readonly decorators?: readonly ClassDecorator[];
  /**
   * Keep a session per 2025-era client (`initialize`, then `Mcp-Session-Id`): needed for what such a client gets
   * only on a connection (elicitation from tools, so tools that need approval; `logging/setLevel`;
   * `notifications/tools/list_changed`, resumable SSE streams). Closed after `idleTimeoutMs` without a request
   * (default 30 minutes). A session lives on the replica that opened it. 2026-07-28 clients never need one.
   * Default: stateless for both eras, a server made for each request, which any replica can answer.
   */
  readonly sessions?: boolean | { readonly idleTimeoutMs?: number; readonly maxSessions?: number };
  /**
   * Keeps the SSE events of 2025-era sessions, so that a client resumes a lost stream with `Last-Event-ID`; any
   * implementation of the SDK's `EventStore` interface (`McpSessionEventStore`s are handed to each session through
   * `forSession()`). Used with `sessions` only.
   * @defaultValue the tool-calling module's `MCP_EVENT_STORE`: in Redis with `redis` configured, else in memory
   */
  readonly eventStore?: McpEventStore | McpSessionEventStore;
  /**
   * `Host` header values accepted (host or host:port), against DNS rebinding: default `localhost`, `127.0.0.1`
   * and `[::1]` on any port. List your public host names when deployed, or `'*'` behind a proxy that checks them.
   */
  readonly allowedHosts?: readonly string[] | '*';
  /**
   * `Origin` header values accepted (`https://app.example.com`); requests without one (non-browser clients) pass.
   * Default: origins whose host is an allowed host.
   */
  readonly allowedOrigins?: readonly string[] | '*';
  /**
   * Largest request body accepted, in bytes; the app's body parser has its own limit too.
   * @defaultValue 1048576 (1 MiB)
   */
  readonly maxBodyBytes?: number;
}
