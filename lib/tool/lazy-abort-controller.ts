/**
 * An `AbortController` made only when its signal is read: in Node, making one costs about as much as the rest of a
 * synchronous tool call's bookkeeping, and most tools never look at their signal. Aborted before the signal is read,
 * the signal is made already aborted with the first reason, as a controller aborted earlier would show it.
 */
export class LazyAbortController implements AbortController {
  private controller?: AbortController;
  private aborted = false;
  private reason: unknown;

  get signal(): AbortSignal {
    let controller = this.controller;
    if (controller === undefined) {
      controller = this.controller = new AbortController();
      if (this.aborted) controller.abort(this.reason);
    }
    return controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.controller !== undefined) this.controller.abort(reason);
    else if (!this.aborted) {
      this.aborted = true;
      this.reason = reason;
    }
  }
}
