import type { McpAuthRecords, McpAuthSlot, McpTokenStore } from './mcp-token-store';

interface Entry {
  readonly value: unknown;
  readonly expiresAt: number;
}

/** `McpTokenStore` in this process's memory: the default, for one replica (lost on restart). */
export class InMemoryMcpTokenStore implements McpTokenStore {
  private readonly entries = new Map<string, Entry>();

  /** @param now - the clock, in milliseconds since the epoch (a test's own). */
  constructor(private readonly now: () => number = Date.now) {}

  /** {@inheritDoc McpTokenStore.get} */
  get<S extends McpAuthSlot>(server: string, slot: S): Promise<McpAuthRecords[S] | undefined> {
    const key = entryKey(server, slot);
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) this.entries.delete(key);
    const live = entry && entry.expiresAt > this.now() ? entry : undefined;
    return Promise.resolve(live && (structuredClone(live.value) as McpAuthRecords[S]));
  }

  /** {@inheritDoc McpTokenStore.set} */
  set<S extends McpAuthSlot>(
    server: string,
    slot: S,
    value: McpAuthRecords[S],
    ttlMs?: number,
  ): Promise<void> {
    const expiresAt = ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlMs;
    this.entries.set(entryKey(server, slot), { value: structuredClone(value), expiresAt });
    return Promise.resolve();
  }

  /** {@inheritDoc McpTokenStore.delete} */
  delete(server: string, slots: readonly McpAuthSlot[]): Promise<void> {
    for (const slot of slots) this.entries.delete(entryKey(server, slot));
    return Promise.resolve();
  }
}

// JSON of the pair: no separator a server name could contain.
function entryKey(server: string, slot: McpAuthSlot): string {
  return JSON.stringify([server, slot]);
}
