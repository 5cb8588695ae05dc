import type { INestApplicationContext } from '@nestjs/common';
import { ToolCallingManager } from '../../chat/loop/tool-calling-manager';
import { ToolCallbackRegistry } from '../../module/tool-callback.registry';
import { McpSdk } from '../mcp-sdk.loader';
import type { McpToolServerOptions } from './mcp-server-options';
import { McpToolServer } from './mcp-tool-server';
import { StderrLogger } from './stderr.logger';

/** How `serveToolsOverStdio` serves the tools. */
export interface McpStdioOptions extends McpToolServerOptions {
  /**
   * Who the calls act for, in place of an HTTP request: what your guards read (`{ user: { roles: ['admin'] } }`).
   * Each message gets a fresh copy, so request-scoped tools get a context per message.
   * @defaultValue `{}`
   */
  readonly caller?: Readonly<Record<string, unknown>>;
  /**
   * Send the app's log to stderr: stdout carries the protocol and nothing else.
   * @defaultValue true
   */
  readonly logToStderr?: boolean;
}

/** The running stdio server. */
export interface McpStdioServer {
  /** The server of the tools, which answers the MCP messages. */
  readonly tools: McpToolServer;
  /** Stops serving (the application stays open). */
  close(): Promise<void>;
}

/**
 * Serves an initialised Nest application's tools over MCP on this process's stdin/stdout, for clients that start
 * the app as a child process (IDEs, desktop assistants). Create the app with `{ logger: new StderrLogger() }` (or
 * `bufferLogs: true`) so that not even bootstrap logs reach stdout.
 */
export function serveToolsOverStdio(
  app: INestApplicationContext,
  options: McpStdioOptions = {},
): Promise<McpStdioServer> {
  if (options.logToStderr !== false) app.useLogger(new StderrLogger());
  const tools = new McpToolServer(app.get(ToolCallbackRegistry), app.get(ToolCallingManager), options);
  const identity = options.caller ?? {};
  const { serveStdio } = McpSdk.stdioServer('serveToolsOverStdio');
  // The SDK serves both eras on the one connection: a 2025-era `initialize` pins it, a 2026 client needs none.
  const handle = serveStdio(() => {
    const server = tools.createServer(() => ({ ...identity }));
    tools.track(server);
    return server;
  });
  return Promise.resolve({ tools, close: () => handle.close() });
}
