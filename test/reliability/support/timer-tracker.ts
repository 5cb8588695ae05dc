import { createHook, type AsyncHook } from 'node:async_hooks';
import { resolve } from 'node:path';

/** Code whose timers count: the library's and the tests'. Jest's own timers live elsewhere. */
const WATCHED = [resolve(__dirname, '../../../lib'), resolve(__dirname, '..')];

/**
 * Records the timers the library or a test's tools create while it is on, and tells which have neither fired nor
 * been cleared: what a round leaves running.
 */
export class TimerTracker {
  private readonly pending = new Map<number, string>();
  private readonly hook: AsyncHook;

  constructor() {
    this.hook = createHook({
      init: (id, type) => {
        if (type !== 'Timeout') return;
        const site = creationSite(new Error().stack ?? '');
        if (site) this.pending.set(id, site);
      },
      destroy: (id) => void this.pending.delete(id),
    }).enable();
  }

  /** Where each pending timer was created, after a turn of the event loop (Node reports cleared ones late). */
  async stillPending(): Promise<string[]> {
    await new Promise((done) => setImmediate(done));
    return [...this.pending.values()];
  }

  stop(): void {
    this.hook.disable();
  }
}

function creationSite(stack: string): string | undefined {
  return stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .find((line) => WATCHED.some((root) => line.includes(root)) && !line.includes(__filename));
}
