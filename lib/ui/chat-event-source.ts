import { StreamResponseSpec } from '../chat/client/stream-response-spec';
import type { ChatStreamEvent } from '../chat/loop/chat-stream-event';

/** What a frontend protocol is made from: a `stream()` spec (preferred: it aborts at once), or its events. */
export type ChatEventSource = StreamResponseSpec | AsyncIterable<ChatStreamEvent>;

const HALTED = Symbol('halted');

/** How one pull from the chat ended. */
export type Pulled =
  | { readonly kind: 'event'; readonly event: ChatStreamEvent }
  | { readonly kind: 'end' }
  | { readonly kind: 'aborted'; readonly reason: unknown }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * The events of one streamed call, pulled one at a time, with the two ways it ends early: `cancel()` (the client
 * left) and the caller's `signal` (a stop request). Either aborts the call at once: a `stream()` spec is run with
 * its own stop signal, which aborts the model request and the running tools even while the loop waits on them.
 */
export class ChatEventPuller {
  private readonly stop = new AbortController();
  private readonly iterator: AsyncIterator<ChatStreamEvent>;
  private done = false;
  private held: Pulled | undefined;
  private readonly onAbort = (): void => this.halt();
  /** Resolves when the call is halted: a source that ignores `return()` while it waits cannot hold the stream. */
  private readonly halted: Promise<typeof HALTED>;
  private resolveHalted!: (value: typeof HALTED) => void;

  constructor(
    source: ChatEventSource,
    private readonly signal?: AbortSignal,
  ) {
    const iterable = source instanceof StreamResponseSpec ? source.eventsUntil(this.stop.signal) : source;
    this.iterator = iterable[Symbol.asyncIterator]();
    this.halted = new Promise((resolve) => (this.resolveHalted = resolve));
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Starts the call and waits for its first event, so that a call that fails before it (a refused approval, a bad
   * configuration) throws here, while an HTTP status can still say so.
   */
  async prime(): Promise<void> {
    const first = await this.next();
    if (first.kind === 'failed') throw first.error;
    this.held = first;
  }

  async next(): Promise<Pulled> {
    const held = this.held;
    if (held !== undefined) {
      this.held = undefined;
      return held;
    }
    if (this.done) return this.ending();
    if (this.signal?.aborted) {
      this.halt();
      return this.ending();
    }
    try {
      const result = await Promise.race([this.iterator.next(), this.halted]);
      if (result !== HALTED && !result.done && !this.done) return { kind: 'event', event: result.value };
      this.finish();
      return this.ending();
    } catch (error) {
      this.finish();
      return this.signal?.aborted ? this.ending() : { kind: 'failed', error };
    }
  }

  /** The client left: abort the call. */
  cancel(): void {
    this.halt();
  }

  private ending(): Pulled {
    return this.signal?.aborted ? { kind: 'aborted', reason: this.signal.reason } : { kind: 'end' };
  }

  private halt(): void {
    if (this.done) return;
    this.finish();
    this.resolveHalted(HALTED);
    this.stop.abort();
    void this.iterator.return?.().catch(() => undefined);
  }

  private finish(): void {
    this.done = true;
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}
