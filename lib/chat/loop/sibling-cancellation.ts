import type { AbortLike } from './run-abort';

/**
 * The calls running side by side in one round, so that a failure that ends the chat call can abort the others, and
 * so that the request's signal has one listener per round rather than one per call. Plain callbacks rather than an
 * `AbortController` per round: in Node, making one, and adding or removing a listener, each cost about as much as
 * the rest of a synchronous tool call's bookkeeping. A signal is made only for code that needs one (hooks).
 */
export class SiblingCancellation {
  /** Made on the first `add()`: the calls that complete synchronously never add themselves. */
  private cancels?: Set<(reason: unknown) => void>;
  private controller?: AbortController;
  private readonly onOuterAbort?: () => void;
  private cancelled = false;
  private cause: unknown;

  /**
   * Runs `range` with siblings made for it: a failure of the range cancels the calls still running, with that
   * failure as the reason. When it is over, the siblings are disposed and `after` is called. `undefined` when the
   * range was done synchronously.
   */
  static around(
    outer: AbortLike | undefined,
    range: (siblings: SiblingCancellation) => Promise<void> | undefined,
    after: () => void,
  ): Promise<void> | undefined {
    const siblings = new SiblingCancellation(outer);
    const end = (): undefined => {
      siblings.dispose();
      after();
      return undefined;
    };
    const fail = (error: unknown): never => {
      siblings.cancel(error);
      end();
      throw error;
    };
    let pending: Promise<void> | undefined;
    try {
      pending = range(siblings);
    } catch (error) {
      return fail(error);
    }
    return pending === undefined ? end() : pending.then(end, fail);
  }

  constructor(private readonly outer: AbortLike | undefined) {
    if (outer) {
      this.onOuterAbort = () => {
        if (this.cancels) for (const cancel of [...this.cancels]) cancel(outer.reason);
      };
      outer.addEventListener('abort', this.onOuterAbort);
    }
  }

  get aborted(): boolean {
    return this.cancelled;
  }

  get reason(): unknown {
    return this.cause;
  }

  add(cancel: (reason: unknown) => void): void {
    (this.cancels ??= new Set()).add(cancel);
  }

  delete(cancel: (reason: unknown) => void): void {
    this.cancels?.delete(cancel);
  }

  /** Aborted when the request's signal aborts or a sibling fails; made on first use. */
  signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    const outer = this.outer;
    if (this.cancelled) controller.abort(this.cause);
    else if (outer?.aborted) controller.abort(outer.reason);
    else if (outer) this.add((reason) => controller.abort(reason));
    return controller.signal;
  }

  /** Aborts every call still running, with `reason`; the first failure wins. */
  cancel(reason: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.cause = reason;
    if (this.controller && !this.controller.signal.aborted) this.controller.abort(reason);
    if (this.cancels) for (const cancel of [...this.cancels]) cancel(reason);
  }

  dispose(): void {
    if (this.onOuterAbort) this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}
