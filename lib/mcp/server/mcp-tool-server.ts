import { Logger } from '@nestjs/common';
import type {
  CallToolRequestParams,
  CallToolResult,
  ElicitRequestFormParams,
  Server,
  ServerCapabilities,
  ServerContext,
  Tool,
  jsonSchemaValidator,
} from '@modelcontextprotocol/server';
import { assistantMessage } from '../../chat/model/messages';
import type { ToolCallingManager } from '../../chat/loop/tool-calling-manager';
import { ToolCallingError } from '../../errors/tool-calling.error';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import type { ToolElicitation, ToolElicitationResult } from '../../tool/tool-elicitation';
import { McpSdk } from '../mcp-sdk.loader';
import { mcpCallResultOf } from './mcp-content.mapper';
import type { McpToolServerOptions } from './mcp-server-options';

const FEATURE = 'Serving tools over MCP';
const DEFAULT_SERVER_INFO = { name: 'nestjs-tool-calling', version: '0.1.0' };
const CAPABILITIES: ServerCapabilities = { tools: { listChanged: true }, logging: {} };
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The question asked of the calling client before a tool that needs approval runs. */
const APPROVAL_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    approve: { type: 'boolean', title: 'Approve', description: 'Run this call' },
    reason: { type: 'string', title: 'Reason', description: 'Why (optional)' },
  },
  required: ['approve'],
};

/** Where the tools come from: the application's static and discovered tools. */
export interface McpToolSource {
  /** The tools to serve. */
  getToolCallbacks(): readonly ToolCallback[];
}

/** A callback that can say whether a caller may see it (the handler pipeline's per-caller visibility). */
interface MaybeVisible {
  isVisible?(context: ToolContext): Promise<boolean>;
}

/** The tools served (after the module's `tools` filter) and their index by name. */
interface ServedTools {
  readonly from: readonly ToolCallback[];
  readonly list: readonly ToolCallback[];
  readonly byName: ReadonlyMap<string, ToolCallback>;
}

/** Gives the caller of the MCP message being handled: the HTTP request, or stdio's configured identity. */
export type McpCallerProvider = () => object | undefined;

/** What one MCP request says about its client: what it can answer. */
interface McpPeer {
  readonly server: Server;
  readonly ctx: ServerContext;
}

/**
 * The application's tools as an MCP server on the official SDK v2: `tools/list` shows the tools the caller may
 * see, `tools/call` runs one through the `ToolCallingManager`, the same path as a model's call (argument
 * validation, the tool's time limit, hooks, the error policy, and for tools with guards the handler pipeline), with
 * the caller as the execution's request. The tool's `ToolContext` reports progress, asks questions and logs to the
 * calling client. A tool that needs approval is served to clients that can answer an elicitation, and asks that
 * same client before it runs. Failures are `isError` results, never protocol errors with a stack.
 */
export class McpToolServer {
  private readonly logger = new Logger('McpToolServer');
  private readonly live = new Set<Server>();
  private readonly changeListeners = new Set<() => void>();
  private validator?: jsonSchemaValidator;
  private servedCache?: ServedTools;

  constructor(
    private readonly source: McpToolSource,
    private readonly manager: ToolCallingManager,
    private readonly options: McpToolServerOptions = {},
  ) {}

  /** The tools served, before per-caller visibility. */
  servedTools(): ToolCallback[] {
    return [...this.served().list];
  }

  /** The served tools and their index by name, kept while the source hands out the same list. */
  private served(): ServedTools {
    const all = this.source.getToolCallbacks();
    if (this.servedCache?.from === all) return this.servedCache;
    const filter = this.options.tools;
    let list: readonly ToolCallback[] = all;
    if (typeof filter === 'function') list = all.filter((callback) => filter(callback));
    else if (filter !== undefined) {
      const names = new Set(filter);
      list = all.filter((callback) => names.has(callback.getToolDefinition().name));
    }
    const byName = new Map(list.map((callback) => [callback.getToolDefinition().name, callback]));
    this.servedCache = { from: all, list, byName };
    return this.servedCache;
  }

  /**
   * An SDK server over these tools; `caller` says on whose behalf each message runs. The SDK binds one instance
   * to one exchange (a 2026 request) or one connection (a 2025 session, stdio): what does not change between them
   * (the JSON Schema validator, the capabilities, the handlers' work) is made once per process.
   */
  createServer(caller: McpCallerProvider): Server {
    const { Server } = McpSdk.server(FEATURE);
    this.validator ??= new (McpSdk.ajvValidator(FEATURE).AjvJsonSchemaValidator)();
    const server = new Server(this.options.serverInfo ?? DEFAULT_SERVER_INFO, {
      capabilities: CAPABILITIES,
      jsonSchemaValidator: this.validator,
      ...(this.options.instructions !== undefined && { instructions: this.options.instructions }),
    });
    server.setRequestHandler('tools/list', async (_request, ctx) => ({
      tools: await this.listFor(caller(), { server, ctx }),
    }));
    server.setRequestHandler('tools/call', (request, ctx) =>
      this.call(caller(), request.params, { server, ctx }),
    );
    return server;
  }

  /** Keeps `server` (a session's, stdio's) to tell it when the tools change, until it closes. */
  track(server: Server): void {
    this.live.add(server);
    const previous = server.onclose;
    server.onclose = () => {
      this.live.delete(server);
      previous?.();
    };
  }

  /** Calls `listener` on `notifyToolListChanged()` (the HTTP endpoint's 2026 subscriptions); returns the undo. */
  onToolListChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Tells every connected client (stdio, 2025 sessions, 2026 subscriptions) that the tools changed. */
  async notifyToolListChanged(): Promise<void> {
    for (const listener of this.changeListeners) listener();
    await Promise.all(
      [...this.live].map((server) => server.sendToolListChanged().catch(() => this.live.delete(server))),
    );
  }

  /** How many servers with a connection are kept now (stdio, 2025 sessions). */
  get connectedServers(): number {
    return this.live.size;
  }

  private async listFor(caller: object | undefined, peer: McpPeer): Promise<Tool[]> {
    const context = await this.contextFor(caller);
    const visible = await this.visibleTools(context, canElicit(peer));
    return visible.map((callback) => {
      const { name, description, inputSchema, outputSchema } = callback.getToolDefinition();
      return {
        name,
        description,
        inputSchema: inputSchema as Tool['inputSchema'],
        ...(outputSchema !== undefined && { outputSchema: outputSchema }),
      };
    });
  }

  /** The served tool of that name if this caller may see it (the same rule as `visibleTools`, for one tool). */
  private async visibleTool(
    name: string,
    context: ToolContext,
    canAsk: boolean,
  ): Promise<ToolCallback | undefined> {
    const callback: (ToolCallback & MaybeVisible) | undefined = this.served().byName.get(name);
    if (!callback || (!canAsk && toolMetadataOf(callback).approval)) return undefined;
    if (callback.isVisible && !(await callback.isVisible(context.forTool(name)))) return undefined;
    return callback;
  }

  /** What this caller may see; tools that need approval only for a client that can be asked. */
  private async visibleTools(context: ToolContext, canAsk: boolean): Promise<ToolCallback[]> {
    const served = this.served().list.filter((callback) => canAsk || !toolMetadataOf(callback).approval);
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
    params: CallToolRequestParams,
    peer: McpPeer,
  ): Promise<CallToolResult> {
    const { name } = params;
    const signal = peer.ctx.mcpReq.signal;
    try {
      const base = await this.contextFor(caller);
      // A tool the caller may not see is unknown to it, as it would be to a model acting for it.
      const callback = await this.visibleTool(name, base, canElicit(peer));
      if (!callback) return errorResult(McpMessages.unknownTool(name));
      const context = this.withChannels(base, params, peer);
      const call = {
        id: `mcp-${String(peer.ctx.mcpReq.id)}`,
        name,
        arguments: JSON.stringify(params.arguments ?? {}),
      };
      const round = {
        history: [],
        message: assistantMessage('', [call]),
        tools: new Map([[name, callback]]),
        context,
        signal,
      };
      let result = await this.manager.executeToolCalls(round);
      const waiting = result.awaitingApproval?.[0];
      if (waiting) {
        // The loop's policy asked for approval: the calling client is asked, inside this very call.
        const approved = await this.askApproval(name, waiting.arguments, peer, {
          signal,
          timeoutMs: toolMetadataOf(callback).timeoutMs,
        });
        if (!approved) return errorResult(McpMessages.notApproved(name));
        result = await this.manager.executeToolCalls({
          ...round,
          resumption: { responses: [null], decisions: new Map([[0, { approved: true }]]) },
        });
      }
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

  /**
   * Whether the calling client approves: asked once, for this call only; nothing kept, nothing to replay. The
   * question is withdrawn when the call is cancelled or the tool's time limit (else the SDK's request timeout)
   * passes; an unanswered question is no approval.
   */
  private async askApproval(
    name: string,
    args: Record<string, unknown>,
    peer: McpPeer,
    bounds: ElicitationBounds,
  ): Promise<boolean> {
    try {
      const answer = await elicitFrom(
        peer,
        { message: McpMessages.approvalQuestion(name, args), requestedSchema: APPROVAL_SCHEMA },
        bounds,
      );
      return answer.action === 'accept' && answer.content.approve === true;
    } catch (error) {
      if (bounds.signal?.aborted) throw error;
      this.logger.warn(`MCP approval of ${name} got no answer: ${(error as Error)?.message}`);
      return false;
    }
  }

  /** The call's context, whose progress, questions and log messages go to the calling client. */
  private withChannels(context: ToolContext, params: CallToolRequestParams, peer: McpPeer): ToolContext {
    const token = params._meta?.progressToken;
    let withProgress = context;
    if (token !== undefined) {
      // Notifications are sent in the order reported: each waits for the one before it.
      let sent: Promise<unknown> = Promise.resolve();
      withProgress = context.withProgressSink((update) => {
        if (update.progress === undefined) return;
        const notification = {
          method: 'notifications/progress' as const,
          params: {
            progressToken: token,
            progress: update.progress,
            ...(update.total !== undefined && { total: update.total }),
            ...(update.message !== undefined && { message: update.message }),
          },
        };
        sent = sent.then(() => peer.ctx.mcpReq.notify(notification)).catch(() => undefined);
      });
    }
    return withProgress
      .withElicitor(
        canElicit(peer)
          ? (request, origin) =>
              elicitFrom(peer, request, { signal: origin.signal ?? peer.ctx.mcpReq.signal })
          : undefined,
      )
      .withLogSink((message) => {
        void peer.ctx.mcpReq.log(message.level, message.data, message.logger).catch(() => undefined);
      });
  }

  private async contextFor(caller: object | undefined): Promise<ToolContext> {
    const values = caller && this.options.toolContext ? await this.options.toolContext(caller) : {};
    return ToolContext.of(values).withExecution({ request: caller, conversation: {} });
  }
}

/**
 * Whether the client can answer `elicitation/create` within this call: a 2025-era client that declared the
 * capability at `initialize` (a session or stdio). The 2026-07-28 revision has no server-to-client request inside a
 * call (it re-sends the call with the answers instead), which a tool awaiting its answer cannot use: such clients
 * are not asked.
 */
function canElicit(peer: McpPeer): boolean {
  const meta = peer.ctx.mcpReq._meta;
  if (meta?.[PROTOCOL_VERSION_KEY] !== undefined) return false;
  const elicitation = peer.server.getClientCapabilities()?.elicitation;
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

/** What bounds a question to the client: the call's (or the tool's) abort signal, a time limit. */
interface ElicitationBounds {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/**
 * Asks the calling client, on the stream of the request being handled: the SDK's `elicitInput` alone relates the
 * question to no request, so on Streamable HTTP it would go to the session's GET stream, dropped when that stream is
 * not (yet) open, and the call would wait for an answer that never comes.
 */
async function elicitFrom(
  peer: McpPeer,
  request: ToolElicitation,
  bounds: ElicitationBounds = {},
): Promise<ToolElicitationResult> {
  if (!canElicit(peer)) return { action: 'decline' };
  const result = await peer.ctx.mcpReq.elicitInput(
    {
      mode: 'form',
      message: request.message,
      requestedSchema: request.requestedSchema as ElicitRequestFormParams['requestedSchema'],
    },
    {
      relatedRequestId: peer.ctx.mcpReq.id,
      ...(bounds.signal !== undefined && { signal: bounds.signal }),
      ...(bounds.timeoutMs !== undefined && { timeout: bounds.timeoutMs }),
    },
  );
  return result.action === 'accept'
    ? { action: 'accept', content: { ...(result.content ?? {}) } }
    : { action: result.action };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
