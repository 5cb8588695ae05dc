import { LazyAbortController } from '../../tool/lazy-abort-controller';
import type { ChatModelCallOptions } from '../model/chat-model';

/** What the loop needs of an abort signal: a real `AbortSignal`, or the lighter `RunAbort`. */
export interface AbortLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * What aborts a streamed call: its caller's signals, leaving the iteration early, or the HTTP client hanging up.
 * In Node, making an `AbortSignal` costs as much as the rest of a short streamed conversation (about 3 µs, and
 * more in garbage collection), and most calls never hand one to anything that reads it; this one is plain
 * callbacks, and makes a real signal only when something asks for `signal` (a model adapter passing it to its
 * HTTP client, a hook, a custom `ToolCallingManager`).
 */
export class RunAbort implements AbortLike {
  // An array: a round adds a listener or two and removes them soon, in the order it added them.
  private readonly listeners: (() => void)[] = [];
  private readonly followed: AbortSignal[] = [];
  private readonly controller = new LazyAbortController();
  private done = false;
  private cause: unknown;
  private readonly onOuterAbort = (): void => {
    const outer = this.followed.find((signal) => signal.aborted);
    this.abort(outer?.reason);
  };

  get aborted(): boolean {
    return this.done;
  }

  get reason(): unknown {
    return this.cause;
  }

  /** A real signal that follows this one, made on first use. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts with `signal`'s reason when `signal` aborts (at once when it already has). */
  follow(signal: AbortSignal | undefined): void {
    if (signal === undefined) return;
    if (signal.aborted) return this.abort(signal.reason);
    this.followed.push(signal);
    signal.addEventListener('abort', this.onOuterAbort);
  }

  throwIfAborted(): void {
    if (this.done) throw this.cause;
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    // Added once, as EventTarget does.
    if (!this.done && !this.listeners.includes(listener)) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const listeners = this.listeners;
    const index = listeners.lastIndexOf(listener);
    if (index === listeners.length - 1) listeners.pop();
    else if (index >= 0) listeners.splice(index, 1);
  }

  /** Like `AbortController.abort()`: without a reason, an `AbortError` `DOMException`. Only the first one counts. */
  abort(reason?: unknown): void {
    if (this.done) return;
    this.done = true;
    this.cause = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    this.controller.abort(this.cause);
    const listeners = this.listeners.splice(0);
    for (const listener of listeners) listener();
  }

  /** Stops following the caller's signals. */
  dispose(): void {
    for (const signal of this.followed) signal.removeEventListener('abort', this.onOuterAbort);
    this.followed.length = 0;
  }
}

/**
 * A model request's options whose `signal` is made when the adapter reads it. A class, not an object literal
 * with a getter: V8 builds such a literal about 30 times slower.
 */
export class LazySignalOptions implements ChatModelCallOptions {
  constructor(private readonly abort: RunAbort) {}

  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

/** A real signal for code that takes one (hooks, a model adapter, the public `ToolRoundInput.signal`). */
export function signalOf(abort: AbortLike | undefined): AbortSignal | undefined {
  return abort instanceof RunAbort ? abort.signal : (abort as AbortSignal | undefined);
}
