import { isThenable } from '../../../util/thenable';
import type { ToolCall, ToolResponse } from '../../model/messages';
import type { Target } from '../tool-round-plan';
import { settleCall } from './settle';
import {
  SETTLE_AT_ONCE,
  SETTLE_FIRST,
  ToolCallState,
  type NextStage,
  type ToolRoundScope,
} from './tool-call-state';

/**
 * Runs the calls `[start, end)` of a round through the pipeline, at most `maxConcurrency` at a time, starting them
 * in call order. A batch of calls starts (each up to its first wait); those answered synchronously are then
 * settled (see `SETTLE_FIRST`), which frees their places for the next batch; the others settle as they answer.
 * With nothing that reports settling (a `call()` without telemetry), a call answered synchronously settles at once.
 * When every call answered synchronously, as most do, the range is over when `run()` returns, with no promise.
 * The first failure (a rethrown error, a throwing hook, an abort) fails the range; no call starts after it, except
 * those of the first batch (the first `maxConcurrency` calls), which start together.
 */
export class CallRange {
  private next: number;
  private running = 0;
  private left: number;
  /** The calls up to here start together, whatever happens to the first of them. */
  private readonly firstBatchEnd: number;
  private failed = false;
  private failure: unknown;
  private held: ToolCallState[] | undefined;
  /** Whether a held call was answered without its tool. */
  private firsts = false;
  /** Whether anything sees the order in which calls settle: an event listener or telemetry. */
  private readonly reported: boolean;
  private resolve: (() => void) | undefined;
  private reject: ((error: unknown) => void) | undefined;

  constructor(
    private readonly scope: ToolRoundScope,
    private readonly pipeline: NextStage,
    private readonly calls: readonly ToolCall[],
    private readonly targets: readonly Target[],
    start: number,
    private readonly end: number,
    private readonly maxConcurrency: number,
  ) {
    this.next = start;
    this.firstBatchEnd = start + maxConcurrency;
    this.left = end - start;
    this.reported = scope.input.onEvent !== undefined || scope.input.telemetry !== undefined;
  }

  /** `undefined` when every call is settled already; throws the failure when the range failed at once. */
  run(): Promise<void> | undefined {
    this.fill();
    // A call still running has its handlers: the caller cancels it (see `SiblingCancellation`).
    if (this.failed) throw this.failure;
    if (this.left === 0) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  private fill(): void {
    do {
      while (
        this.running < this.maxConcurrency &&
        this.next < this.end &&
        (!this.failed || this.next < this.firstBatchEnd)
      )
        this.start(this.next++);
      if (this.held === undefined) return;
      this.flush();
    } while (!this.failed);
  }

  private start(index: number): void {
    this.running++;
    const state = new ToolCallState(this.scope, index, this.calls[index], this.targets[index]);
    let answer;
    try {
      this.scope.abort?.throwIfAborted();
      answer = this.pipeline(state);
    } catch (error) {
      this.fail(error);
      this.finish();
      return;
    }
    if (isThenable(answer)) {
      answer.then(
        (response) => {
          if (response !== undefined) this.settle(state, response);
          this.finish();
          // The next call starts a microtask turn later, as a worker awaiting each call would start it: the
          // calls that settle in the same turn are reported first.
          if (this.next < this.end)
            queueMicrotask(() => {
              if (!this.failed) this.fill();
            });
        },
        (error: unknown) => {
          this.fail(error);
          this.finish();
        },
      );
    } else if (answer === undefined) this.finish();
    else if (state.settleOrder === SETTLE_AT_ONCE || this.left === 1 || !this.reported) {
      // Alone in the range (no other call started and not settled), or nothing reports the settling (no event
      // listener, no telemetry): nothing can tell it from settling after the batch.
      this.settle(state, answer);
      this.finish();
    } else {
      // Kept in its place until it is settled (see `settleCall`, which puts the capped one there).
      this.scope.responses[state.index] = answer;
      if (state.settleOrder === SETTLE_FIRST) this.firsts = true;
      (this.held ??= []).push(state);
    }
  }

  /** Settles the calls answered synchronously: those answered without a tool first, each group in call order. */
  private flush(): void {
    const held = this.held!;
    this.held = undefined;
    if (this.firsts) {
      this.firsts = false;
      for (const state of held) if (state.settleOrder === SETTLE_FIRST) this.settleHeld(state);
      for (const state of held) if (state.settleOrder !== SETTLE_FIRST) this.settleHeld(state);
    } else for (const state of held) this.settleHeld(state);
  }

  private settleHeld(state: ToolCallState): void {
    this.settle(state, this.scope.responses[state.index]);
    this.finish();
  }

  private settle(state: ToolCallState, response: ToolResponse): void {
    try {
      settleCall(state, response);
    } catch (error) {
      this.fail(error);
    }
  }

  private finish(): void {
    this.running--;
    if (--this.left === 0 && !this.failed) this.resolve?.();
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failure = error;
    this.reject?.(error);
  }
}
