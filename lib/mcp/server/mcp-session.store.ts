import type { Server } from '@modelcontextprotocol/server';
import type { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: Server;
  lastUsed: number;
}

/**
 * The open 2025-era MCP sessions of this process, closed after a time without requests and bounded in number (the oldest
 * idle one goes first). In memory: a session lives on the replica that opened it.
 */
export class McpSessionStore {
  private readonly sessions = new Map<string, Session>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly idleTimeoutMs: number,
    private readonly maxSessions: number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): StreamableHTTPServerTransport | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    if (Date.now() - session.lastUsed > this.idleTimeoutMs) {
      void this.close(id);
      return undefined;
    }
    session.lastUsed = Date.now();
    return session.transport;
  }

  add(id: string, transport: StreamableHTTPServerTransport, server: Server): void {
    if (this.sessions.size >= this.maxSessions) {
      const oldest = [...this.sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
      if (oldest) void this.close(oldest[0]);
    }
    this.sessions.set(id, { transport, server, lastUsed: Date.now() });
    this.sweeper ??= setInterval(() => this.sweep(), Math.min(this.idleTimeoutMs, 60_000)).unref();
  }

  /** Forgets the session (the transport says it closed, or it was deleted). */
  forget(id: string): void {
    this.sessions.delete(id);
  }

  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions)
      if (now - session.lastUsed > this.idleTimeoutMs) void this.close(id);
  }
}
