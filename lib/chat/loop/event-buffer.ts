/**
 * Bridges events pushed by callbacks (tool calls finishing in parallel) to an async generator: `drain()` yields
 * them as they come until the work settles, then returns its value or throws its error.
 */
export class EventBuffer<T> {
  private readonly items: T[] = [];
  private head = 0;
  private wake: (() => void) | undefined;

  readonly push = (item: T): void => {
    this.items.push(item);
    this.notify();
  };

  async *drain<R>(work: Promise<R>): AsyncGenerator<T, R> {
    let done = false;
    let failed = false;
    let value: R | undefined;
    let error: unknown;
    work.then(
      (result) => {
        done = true;
        value = result;
        this.notify();
      },
      (reason: unknown) => {
        done = true;
        failed = true;
        error = reason;
        this.notify();
      },
    );
    for (;;) {
      while (this.head < this.items.length) yield this.items[this.head++];
      if (done) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (failed) throw error;
    return value as R;
  }

  private notify(): void {
    const wake = this.wake;
    if (wake) {
      this.wake = undefined;
      wake();
    }
  }
}
