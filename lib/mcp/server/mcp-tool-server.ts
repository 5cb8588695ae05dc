import { Logger } from '@nestjs/common';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { assistantMessage } from '../../chat/model/messages';
import type { ToolCallingManager } from '../../chat/loop/tool-calling-manager';
import { ToolCallingError } from '../../errors/tool-calling.error';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import { McpSdk } from '../mcp-sdk.loader';
import { mcpCallResultOf } from './mcp-content.mapper';
import type { McpToolServerOptions } from './mcp-server-options';

const FEATURE = 'Serving tools over MCP';
const DEFAULT_SERVER_INFO = { name: 'nestjs-tool-calling', version: '0.1.0' };

/** Where the tools come from: the application's static and discovered tools. */
export interface McpToolSource {
  /** The tools to serve. */
  getToolCallbacks(): readonly ToolCallback[];
}

/** A callback that can say whether a caller may see it (the handler pipeline's per-caller visibility). */
interface MaybeVisible {
  isVisible?(context: ToolContext): Promise<boolean>;
}

/** Gives the caller of the MCP message being handled: the HTTP request, or stdio's configured identity. */
export type McpCallerProvider = () => object | undefined;

/**
 * The application's tools as an MCP server: `tools/list` shows the tools the caller may see, `tools/call` runs one
 * through the `ToolCallingManager`, the same path as a model's call (argument validation, the tool's time limit,
 * hooks, the error policy, and for tools with guards the handler pipeline), with the caller as the execution's
 * request. Failures are `isError` results, never protocol errors with a stack.
 */
export class McpToolServer {
  private readonly logger = new Logger('McpToolServer');
  private readonly live = new Set<Server>();

  constructor(
    private readonly source: McpToolSource,
    private readonly manager: ToolCallingManager,
    private readonly options: McpToolServerOptions = {},
  ) {}

  /** The tools served, before per-caller visibility. */
  servedTools(): ToolCallback[] {
    // A call over MCP has nobody to pause for: tools that wait for a person's approval are left out unless asked.
    const all = this.options.serveToolsNeedingApproval
      ? this.source.getToolCallbacks()
      : this.source.getToolCallbacks().filter((callback) => !toolMetadataOf(callback).approval);
    const filter = this.options.tools;
    if (filter === undefined) return [...all];
    if (typeof filter === 'function') return all.filter((callback) => filter(callback));
    const names = new Set(filter);
    return all.filter((callback) => names.has(callback.getToolDefinition().name));
  }

  /** A new SDK server over these tools; `caller` says on whose behalf each message runs. */
  createServer(caller: McpCallerProvider): Server {
    const { Server } = McpSdk.server(FEATURE);
    const { ListToolsRequestSchema, CallToolRequestSchema } = McpSdk.types(FEATURE);
    const server = new Server(this.options.serverInfo ?? DEFAULT_SERVER_INFO, {
      capabilities: { tools: { listChanged: true } },
      ...(this.options.instructions !== undefined && { instructions: this.options.instructions }),
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: await this.listFor(caller()),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.call(
        caller(),
        request.params.name,
        request.params.arguments,
        extra.signal,
        String(extra.requestId),
      ),
    );
    this.live.add(server);
    server.onclose = () => this.live.delete(server);
    return server;
  }

  /** Tells every connected client with a session (stdio, HTTP sessions) that the tools changed. */
  async notifyToolListChanged(): Promise<void> {
    await Promise.all(
      [...this.live].map((server) => server.sendToolListChanged().catch(() => this.live.delete(server))),
    );
  }

  /** How many servers are connected now (a stateless request's server lives as long as its request). */
  get connectedServers(): number {
    return this.live.size;
  }

  private async listFor(caller: object | undefined): Promise<Tool[]> {
    const context = await this.contextFor(caller);
    const visible = await this.visibleTools(context);
    return visible.map((callback) => {
      const { name, description, inputSchema, outputSchema } = callback.getToolDefinition();
      return {
        name,
        description,
        inputSchema: inputSchema as Tool['inputSchema'],
        ...(outputSchema !== undefined && { outputSchema: outputSchema as Tool['outputSchema'] }),
      };
    });
  }

  private async visibleTools(context: ToolContext): Promise<ToolCallback[]> {
    const served = this.servedTools();
    const shown = await Promise.all(
      served.map((callback: ToolCallback & MaybeVisible) =>
        callback.isVisible
          ? callback.isVisible(context.forTool(callback.getToolDefinition().name))
          : Promise.resolve(true),
      ),
    );
    return served.filter((_, i) => shown[i]);
  }

  private async call(
    caller: object | undefined,
    name: string,
    args: Record<string, unknown> | undefined,
    signal: AbortSignal,
    id: string,
  ): Promise<CallToolResult> {
    try {
      const context = await this.contextFor(caller);
      // A tool the caller may not see is unknown to it, as it would be to a model acting for it.
      const callback = (await this.visibleTools(context)).find(
        (candidate) => candidate.getToolDefinition().name === name,
      );
      if (!callback) return errorResult(McpMessages.unknownTool(name));
      const result = await this.manager.executeToolCalls({
        history: [],
        message: assistantMessage('', [{ id: `mcp-${id}`, name, arguments: JSON.stringify(args ?? {}) }]),
        tools: new Map([[name, callback]]),
        context,
        signal,
      });
      const response = result.toolResponses[0];
      // The loop checked structured content against the outputSchema; MCP also requires it when one is declared.
      if (
        !response.isError &&
        response.structuredContent === undefined &&
        callback.getToolDefinition().outputSchema !== undefined
      ) {
        const missing = McpMessages.structuredContentMissing(name);
        this.logger.error(`MCP call of ${name}: ${missing}`);
        return errorResult(missing);
      }
      return mcpCallResultOf(response);
    } catch (error) {
      if (signal.aborted) throw error;
      // The error policy rethrew: the client still gets a result, without a stack; the log has the rest.
      this.logger.error(`MCP call of ${name} failed: ${(error as Error)?.message}`, (error as Error)?.stack);
      return errorResult(error instanceof ToolCallingError ? error.message : McpMessages.toolFailed(name));
    }
  }

  private async contextFor(caller: object | undefined): Promise<ToolContext> {
    const values = caller && this.options.toolContext ? await this.options.toolContext(caller) : {};
    return ToolContext.of(values).withExecution({ request: caller, conversation: {} });
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
