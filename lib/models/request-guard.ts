/**
 * Ties one streamed SDK request to the caller's `AbortSignal` and to an idle time limit. The SDKs bound the wait for
 * the response to start, not the silences inside a stream; and they end a stream quietly when it is aborted. The
 * guard turns both into errors: the caller's abort reason, or the error `onIdle` makes.
 */
export class RequestGuard {
  readonly #controller = new AbortController();
  readonly #onCallerAbort = () => this.#controller.abort(this.caller?.reason);
  #idle = false;

  constructor(
    private readonly caller: AbortSignal | undefined,
    private readonly idleTimeoutMs: number,
    private readonly onIdle: () => Error,
  ) {
    if (caller?.aborted) this.#controller.abort(caller.reason);
    else caller?.addEventListener('abort', this.#onCallerAbort, { once: true });
  }

  /** The signal to hand to the SDK. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Throws the caller's abort reason or the idle error when the request was stopped by either. */
  throwIfStopped(): void {
    if (this.caller?.aborted) throw this.caller.reason;
    if (this.#idle) throw this.onIdle();
  }

  /** The events of `source`, each awaited for at most the idle time limit; ends by `throwIfStopped()`. */
  async *watch<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
    const iterator = source[Symbol.asyncIterator]();
    try {
      for (;;) {
        const timer = setTimeout(() => {
          this.#idle = true;
          this.#controller.abort();
        }, this.idleTimeoutMs);
        let result: IteratorResult<T>;
        try {
          result = await iterator.next();
        } finally {
          clearTimeout(timer);
        }
        if (result.done) break;
        // Events the SDK had already buffered are not handed out after an abort.
        this.throwIfStopped();
        yield result.value;
      }
    } finally {
      await iterator.return?.();
    }
    this.throwIfStopped();
  }

  /** Ends the request: a stream its consumer stopped reading is closed, not left open on the server. */
  dispose(): void {
    this.caller?.removeEventListener('abort', this.#onCallerAbort);
    if (!this.#controller.signal.aborted)
      this.#controller.abort(new DOMException('the request is over', 'AbortError'));
  }
}
