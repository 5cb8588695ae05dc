import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolContext } from '../../tool/tool-context';

/**
 * The tool calls in flight on one connection, to tell which one a server's request (`elicitation/create`) or log
 * message belongs to. MCP does not say: the answer comes from where the message arrived — the response stream of
 * a call's own HTTP request, or the retry of a 2026 call (both run in the call's async context) — or else from there
 * being exactly one call running. When neither tells, nobody is picked (the server is refused, never another
 * call's user asked).
 */
export class McpRunningCalls {
  private readonly storage = new AsyncLocalStorage<ToolContext>();
  private readonly running = new Set<ToolContext>();

  /** Runs `call` as the call of `context`. */
  async run<T>(context: ToolContext, call: () => Promise<T>): Promise<T> {
    this.running.add(context);
    try {
      return await this.storage.run(context, call);
    } finally {
      this.running.delete(context);
    }
  }

  /** Runs `work` outside any call (a connection's streams must not belong to the call that opened it). */
  outside<T>(work: () => T): T {
    return this.storage.exit(work);
  }

  /** The call that a message arriving now belongs to, when that can be told. */
  current(): ToolContext | undefined {
    const own = this.storage.getStore();
    // A message on the stream of a call that has ended belongs to no one else.
    if (own !== undefined) return this.running.has(own) ? own : undefined;
    if (this.running.size !== 1) return undefined;
    const [only] = this.running;
    return only;
  }
}
