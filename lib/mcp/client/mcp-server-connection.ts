import type {
  CallToolResult,
  Client,
  ElicitResult,
  OAuthClientProvider,
  Transport,
} from '@modelcontextprotocol/client';
import { McpAuthorizationRequiredError } from '../../errors/mcp-authorization-required.error';
import { McpAuthorizationError } from '../../errors/mcp-authorization.error';
import { McpServerUnavailableError } from '../../errors/mcp-server-unavailable.error';
import { McpAuthMessages } from '../../errors/messages/mcp-auth.messages';
import { McpClientMessages } from '../../errors/messages/mcp-client.messages';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolLogLevel } from '../../tool/tool-elicitation';
import { createMcpAuthProvider } from './auth/mcp-auth-provider.factory';
import type { McpAuthorizationResponse } from './auth/mcp-client-auth';
import type { McpOAuthClientProvider } from './auth/mcp-oauth-client.provider';
import { withMcpAuthorization } from './auth/with-mcp-authorization';
import { McpClientSdk } from '../mcp-sdk.loader';
import { abortScopedFetch } from './abort-scoped-fetch';
import { elicitationSchemaProblems } from './elicitation-schema.check';
import { isStdioServer, type McpServerConfig } from './mcp-client-options';
import { checkListedTools, type McpListedTool } from './mcp-listed-tool';
import { McpRunningCalls } from './mcp-running-calls';

const FEATURE = 'An MCP server in the ToolCallingModule options';
const MAX_PAGES = 100;
/** The longest a server may ask its list to be kept (the SDK's own cap: a day). */
const MAX_TTL_MS = 86_400_000;
/** SSE streams reconnect at most this many times in a row before the connection counts as lost. */
const SSE_MAX_RETRIES = 2;
const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

export interface McpConnectionSettings {
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly requestTimeoutMs: number;
  readonly retryDelayMs: number;
  readonly warn: (message: string) => void;
  readonly debug: (message: string) => void;
  /** Called when the server says its tools changed, or when a new connection may list other tools. */
  readonly onToolsChanged: () => void;
}

/** A page of `tools/list` as received, unchecked: the tools are checked one by one. */
interface RawListPage {
  readonly tools?: unknown;
  readonly nextCursor?: unknown;
  readonly ttlMs?: unknown;
  readonly cacheScope?: unknown;
}

interface CachedTools {
  readonly tools: Promise<readonly McpListedTool[]>;
  /** When the list goes stale (ms since the epoch); `Infinity` for "until the server says it changed". */
  expiresAt: number;
  /** The raw listing's JSON: a refetch that brings the same list keeps the same (checked) tools. */
  raw?: string;
}

/** Accepts any value: what it guards is checked here (a server's bad tool never costs the others). */
const ANY_VALUE = {
  '~standard': { version: 1, vendor: 'nestjs-tool-calling', validate: (value: unknown) => ({ value }) },
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The errors of an authorization: they reach the caller as they are, never as "server unavailable". */
const isAuthorizationError = (error: unknown): boolean =>
  error instanceof McpAuthorizationRequiredError || error instanceof McpAuthorizationError;

/**
 * The link to one MCP server over SDK v2 (`@modelcontextprotocol/client`): connected on first use (never before),
 * negotiating the protocol era (2026-07-28, stateless, when the server speaks it; else the 2025 handshake). Its
 * tool list is cached for the `ttlMs` the server gives (2026 servers), or until the server sends
 * `notifications/tools/list_changed` or the connection is lost (2025 servers, which give none). A connection that
 * closes (a stdio server that exits, an HTTP server that forgot the session) is dropped and made again on next use.
 * While a tool call runs, the server's questions (`elicitation/create`), progress and log messages reach that call's
 * `ToolContext`.
 */
export class McpServerConnection {
  private client?: Promise<Client>;
  private current?: Client;
  private cached?: CachedTools;
  private failedUntil = 0;
  private lastFailure?: unknown;
  private readonly calls = new McpRunningCalls();
  private authProvider?: McpOAuthClientProvider;

  constructor(
    readonly name: string,
    private readonly config: McpServerConfig,
    private readonly settings: McpConnectionSettings,
  ) {}

  /** The server's usable tools, from the cache while fresh or from `tools/list`; rejects when unreachable. */
  listTools(): Promise<readonly McpListedTool[]> {
    const cached = this.cached;
    if (cached && Date.now() < cached.expiresAt) return cached.tools;
    const entry: CachedTools = { tools: undefined as never, expiresAt: Infinity, raw: cached?.raw };
    const listing = this.list(entry, cached);
    (entry as { tools: Promise<readonly McpListedTool[]> }).tools = listing;
    this.cached = entry;
    listing.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return listing;
  }

  /**
   * Calls a tool by its original name (`shownAs`: the name the model knows, for errors); the context's signal's
   * abort reaches the server as a cancellation, the server's progress and log messages reach the context, and so
   * do its questions.
   */
  async callTool(
    toolName: string,
    shownAs: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    context: ToolContext | undefined,
  ): Promise<CallToolResult> {
    const client = await this.connected(shownAs);
    const signal = context?.signal;
    const call = () =>
      client.callTool(
        { name: toolName, arguments: args, ...(meta && { _meta: meta }) },
        {
          signal,
          timeout: this.settings.requestTimeoutMs,
          // A progress token is sent only when someone listens: servers see no token otherwise.
          ...(context?.reportsProgress && {
            onprogress: (progress: { progress: number; total?: number; message?: string }) =>
              reportProgress(context, progress),
            resetTimeoutOnProgress: true,
          }),
        },
      );
    try {
      const authorizedCall = () => this.authorized(call);
      return await (context ? this.calls.run(context, authorizedCall) : authorizedCall());
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (isAuthorizationError(error)) throw error;
      if (this.isConnectionFailure(error)) {
        this.drop(client);
        throw new McpServerUnavailableError(this.name, shownAs, error);
      }
      throw error;
    }
  }

  /**
   * Completes this server's authorization with what the app's redirect endpoint received, then connects again
   * (the tools become available). An `McpAuthorizationError` when the server has no `auth` of the authorization
   * code kind, or when the redirect does not match the authorization in progress.
   */
  async finishAuthorization(response: McpAuthorizationResponse): Promise<void> {
    const provider = this.auth();
    if (
      provider === undefined ||
      isStdioServer(this.config) ||
      this.config.auth?.type !== 'authorization_code'
    )
      throw new McpAuthorizationError(this.name, McpAuthMessages.noRedirectFlow());
    await provider.finishAuthorization(response);
    const client = this.current;
    if (client) this.drop(client);
    this.client = undefined;
    this.cached = undefined;
    this.failedUntil = 0;
    this.lastFailure = undefined;
    await this.listTools();
    this.settings.onToolsChanged();
  }

  /** Closes the connection (a stdio server's process ends). */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.current = undefined;
    this.cached = undefined;
    if (client) await client.then((c) => c.close()).catch(() => undefined);
  }

  /**
   * Fetches the list; a link that turns out broken (a dropped connection, a server restarted) is made again once
   * and the list asked again, so a restart costs no outage.
   */
  private async list(
    entry: CachedTools,
    previous: CachedTools | undefined,
  ): Promise<readonly McpListedTool[]> {
    let client = await this.connected(undefined);
    let pages: RawListPage[];
    try {
      pages = await this.pages(client);
    } catch (error) {
      if (isAuthorizationError(error)) throw error;
      if (!this.isConnectionFailure(error)) throw new McpServerUnavailableError(this.name, undefined, error);
      this.drop(client, false);
      try {
        client = await this.connected(undefined);
        pages = await this.pages(client);
      } catch (retryError) {
        if (isAuthorizationError(retryError)) throw retryError;
        if (this.isConnectionFailure(retryError)) this.drop(client);
        throw new McpServerUnavailableError(this.name, undefined, retryError);
      }
    }
    entry.expiresAt = this.expiryOf(client, pages[0]);
    const raw = pages.flatMap((page) => (Array.isArray(page.tools) ? (page.tools as unknown[]) : []));
    const json = JSON.stringify(raw);
    if (previous !== undefined && previous.raw === json) {
      const same = await previous.tools.catch(() => undefined);
      if (same !== undefined) return same;
    }
    entry.raw = json;
    return Object.freeze(checkListedTools(this.name, raw, this.settings.warn));
  }

  private async pages(client: Client): Promise<RawListPage[]> {
    const pages: RawListPage[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params = cursor === undefined ? {} : { cursor };
      const result = (await this.authorized(() =>
        client.request({ method: 'tools/list', params }, ANY_VALUE, {
          timeout: this.settings.requestTimeoutMs,
        }),
      )) as RawListPage;
      pages.push(result);
      cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
      if (cursor === undefined) break;
    }
    return pages;
  }

  /**
   * How long a list stays fresh: the `ttlMs` the server gave (2026-07-28: absent or 0 is "stale at once"); a
   * 2025-era server gives none and announces changes instead, so its list is kept until it does. `cacheScope`
   * needs nothing more: the cache belongs to this one connection and its one set of credentials, never shared.
   */
  private expiryOf(client: Client, first: RawListPage | undefined): number {
    const ttl = first?.ttlMs;
    if (typeof ttl === 'number' && Number.isFinite(ttl))
      return Date.now() + Math.min(Math.max(ttl, 0), MAX_TTL_MS);
    return client.getProtocolEra() === 'modern' ? 0 : Infinity;
  }

  private connected(toolName: string | undefined): Promise<Client> {
    if (this.client) return this.client;
    if (Date.now() < this.failedUntil)
      return Promise.reject(
        isAuthorizationError(this.lastFailure)
          ? this.lastFailure
          : new McpServerUnavailableError(this.name, toolName, this.lastFailure),
      );
    // The connection's streams (stdio, the SSE stream of a session) belong to no tool call. Each attempt is a
    // fresh client and transport: one refused for want of authorization is not used again.
    const connecting = this.calls.outside(() => this.authorized(() => this.connect()));
    this.client = connecting;
    connecting.catch((error: unknown) => {
      if (this.client === connecting) this.client = undefined;
      this.failedUntil = Date.now() + this.settings.retryDelayMs;
      this.lastFailure = error;
    });
    return connecting.catch((error: unknown) => {
      if (isAuthorizationError(error)) throw error;
      throw new McpServerUnavailableError(this.name, toolName, error);
    });
  }

  private async connect(): Promise<Client> {
    const Client = checkingClientClass();
    const client = new Client(
      (params) => this.elicitationProblem(params),
      { name: this.settings.clientInfo.name, version: this.settings.clientInfo.version },
      {
        // Defaults of the requested schema fill what an accepted answer leaves out.
        capabilities: { elicitation: { form: { applyDefaults: true } } },
        // 2026-07-28 when the server speaks it (`server/discover`), else the 2025 `initialize` handshake.
        versionNegotiation: { mode: 'auto' },
      },
    );
    client.setRequestHandler('elicitation/create', (request) => this.elicit(request.params));
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      this.cached = undefined;
      this.settings.onToolsChanged();
    });
    client.setNotificationHandler('notifications/message', (notification) => this.log(notification.params));
    client.onclose = () => {
      if (this.current !== client) return;
      this.settings.debug(`MCP server "${this.name}": connection closed; the next use connects again`);
      this.drop(client);
    };
    const transport = this.transport();
    try {
      await client.connect(transport, { timeout: this.settings.requestTimeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    this.current = client;
    return client;
  }

  /** What makes a server's question unanswerable here: a mode other than form, a schema MCP does not allow. */
  private elicitationProblem(params: unknown): string | undefined {
    const given = isRecord(params) ? params : {};
    const mode = typeof given.mode === 'string' ? given.mode : 'form';
    if (mode !== 'form') return McpClientMessages.elicitationModeUnsupported(this.name, mode);
    const problems = elicitationSchemaProblems(given.requestedSchema);
    if (typeof given.message !== 'string') problems.unshift('comes without a "message" string');
    return problems.length > 0 ? McpClientMessages.elicitationSchemaInvalid(this.name, problems) : undefined;
  }

  /** A server's checked question, put to the running tool call's `ToolContext.elicit()`. */
  private async elicit(params: { message: string; requestedSchema?: unknown }): Promise<ElicitResult> {
    const context = this.calls.current();
    if (context === undefined) {
      const { ProtocolError, ProtocolErrorCode } = McpClientSdk.client(FEATURE);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        McpClientMessages.elicitationUnrouted(this.name),
      );
    }
    const answer = await context.elicit({
      message: params.message,
      requestedSchema: params.requestedSchema as Record<string, unknown>,
    });
    return answer.action === 'accept'
      ? { action: 'accept', content: answer.content as ElicitResult['content'] }
      : { action: answer.action };
  }

  /** A server's log message: to the running call's `ToolContext.log()`, else at debug level here. */
  private log(params: { level: string; logger?: string; data?: unknown }): void {
    const context = this.calls.current();
    if (context !== undefined && LOG_LEVELS.has(params.level)) {
      context.log(params.level as ToolLogLevel, params.data, params.logger);
      return;
    }
    this.settings.debug(`MCP server "${this.name}" log (${String(params.level).slice(0, 16)})`);
  }

  private transport(): Transport {
    const config = this.config;
    if (isStdioServer(config)) {
      const { StdioClientTransport, getDefaultEnvironment } = McpClientSdk.stdio(FEATURE);
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
    const { StreamableHTTPClientTransport } = McpClientSdk.client(FEATURE);
    const authProvider = this.auth();
    return new StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers ? { headers: { ...config.headers } } : undefined,
      fetch: abortScopedFetch,
      ...(authProvider && {
        authProvider: authProvider as OAuthClientProvider,
        skipIssuerMetadataValidation: authProvider.skipIssuerMetadataValidation,
      }),
      // A dropped SSE stream resumes (Last-Event-ID; the server's `retry` wins) a bounded number of times.
      reconnectionOptions: {
        initialReconnectionDelay: this.settings.retryDelayMs,
        maxReconnectionDelay: Math.max(this.settings.retryDelayMs, 30_000),
        reconnectionDelayGrowFactor: 1.5,
        maxRetries: SSE_MAX_RETRIES,
      },
    });
  }

  /**
   * The server's OAuth provider, made once on first use and kept for the connection's life: its default token
   * store is in it, so tokens outlive a reconnection. Undefined for a server without `auth`.
   */
  private auth(): McpOAuthClientProvider | undefined {
    if (this.authProvider) return this.authProvider;
    const config = this.config;
    if (isStdioServer(config) || !config.auth) return undefined;
    this.authProvider = createMcpAuthProvider(config.auth, { name: this.name, url: config.url });
    return this.authProvider;
  }

  /**
   * Runs a connect or a request under the server's authorization: sent again once an inline authorization brought
   * tokens; `McpAuthorizationRequiredError` when the user was sent away, `McpAuthorizationError` on a failure.
   */
  private authorized<T>(attempt: () => Promise<T>): Promise<T> {
    const provider = this.auth();
    return provider ? withMcpAuthorization(provider, attempt) : attempt();
  }

  /** Forgets the connection (and the tools it listed), so that the next use connects again. */
  private drop(client: Client, announce = true): void {
    if (this.current !== client) return;
    this.current = undefined;
    this.client = undefined;
    if (this.cached) {
      this.cached = undefined;
      if (announce) this.settings.onToolsChanged();
    }
    void client.close().catch(() => undefined);
  }

  /** Errors of the link rather than of the tool: not a JSON-RPC error answered by the server, or a closed link. */
  private isConnectionFailure(error: unknown): boolean {
    const { ProtocolError, SdkError, SdkErrorCode } = McpClientSdk.client(FEATURE);
    if (ProtocolError.isInstance(error)) return false;
    if (SdkError.isInstance(error))
      return !(
        [
          SdkErrorCode.RequestTimeout,
          SdkErrorCode.InvalidResult,
          SdkErrorCode.UnsupportedResultType,
          SdkErrorCode.InputRequiredRoundsExceeded,
          SdkErrorCode.ListPaginationExceeded,
          SdkErrorCode.CapabilityNotSupported,
        ] as string[]
      ).includes(error.code);
    // A result the SDK's schema refuses is the server's mistake, not a broken link.
    return (error as Error | undefined)?.name !== 'ZodError';
  }
}

/** A server's progress, to the call's context; a malformed one is dropped (a server's slip never fails the call). */
function reportProgress(
  context: ToolContext,
  progress: { progress: number; total?: number; message?: string },
): void {
  try {
    context.reportProgress({
      progress: progress.progress,
      ...(progress.total !== undefined && { total: progress.total }),
      ...(progress.message !== undefined && { message: progress.message }),
    });
  } catch {
    // InvalidToolProgressError: a negative or non-finite amount from the server.
  }
}

type ElicitationCheck = (params: unknown) => string | undefined;
type CheckingClient = new (check: ElicitationCheck, ...args: ConstructorParameters<typeof Client>) => Client;
let checkingClient: CheckingClient | undefined;

/**
 * The SDK's `Client`, whose `elicitation/create` requests are first checked here: the SDK checks them too, but
 * answers a bad one with its schema library's dump; the server is told instead, in words, what is wrong.
 */
function checkingClientClass(): CheckingClient {
  if (checkingClient) return checkingClient;
  const { Client: SdkClient, ProtocolError, ProtocolErrorCode } = McpClientSdk.client(FEATURE);
  type Handler = Parameters<Client['_wrapHandler']>[1];
  class ElicitationCheckingClient extends SdkClient {
    constructor(
      private readonly check: ElicitationCheck,
      ...args: ConstructorParameters<typeof Client>
    ) {
      super(...args);
    }

    protected override _wrapHandler(method: string, handler: Handler): Handler {
      const wrapped = super._wrapHandler(method, handler);
      if (method !== 'elicitation/create') return wrapped;
      return (request, ctx) => {
        const problem = this.check(request.params);
        if (problem !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, problem);
        return wrapped(request, ctx);
      };
    }
  }
  checkingClient = ElicitationCheckingClient;
  return checkingClient;
}
