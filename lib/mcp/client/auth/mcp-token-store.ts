/** A JSON object the MCP SDK hands over to be kept (tokens, a client registration, discovery results). */
export interface McpAuthDocument {
  /** Any JSON value, by field name. */
  readonly [key: string]: unknown;
}

/** What is kept per MCP server for its authorization, by slot. */
export interface McpAuthRecords {
  /** The tokens (access, refresh), as the authorization server issued them. */
  readonly tokens: McpAuthDocument;
  /** This client's registration (pre-registered, dynamic, or a metadata-document URL). */
  readonly client: McpAuthDocument;
  /** The PKCE verifier of the authorization in progress. */
  readonly verifier: string;
  /** The `state` sent with the authorization in progress. */
  readonly state: string;
  /** What discovery found (authorization server, metadata): kept so the code is redeemed where it was issued. */
  readonly discovery: McpAuthDocument;
}

/** A slot of `McpAuthRecords`. */
export type McpAuthSlot = keyof McpAuthRecords;

/**
 * Where an MCP client keeps what its OAuth authorizations need, per server: in memory by default, in Redis with
 * `RedisMcpTokenStore` (from `nestjs-tool-calling/redis`) so that replicas share them. A value with `ttlMs` is gone
 * after it. Implementations never log values: they hold tokens and secrets.
 */
export interface McpTokenStore {
  /** The value of `slot` for `server`, or undefined. */
  get<S extends McpAuthSlot>(server: string, slot: S): Promise<McpAuthRecords[S] | undefined>;
  /** Replaces the value of `slot` for `server`, kept `ttlMs` milliseconds when given, else until deleted. */
  set<S extends McpAuthSlot>(
    server: string,
    slot: S,
    value: McpAuthRecords[S],
    ttlMs?: number,
  ): Promise<void>;
  /** Removes these slots of `server`. */
  delete(server: string, slots: readonly McpAuthSlot[]): Promise<void>;
}
