import { thrownValueText } from '../../../errors/messages/thrown-value-text';
import { toolMetadataOf } from '../../../tool/tool-callback';
import { isTransientFailure, retryDelayMs, type ToolRetryOptions } from '../../../tool/tool-retry';
import { isThenable } from '../../../util/thenable';
import type { ToolResponse } from '../../model/messages';
import type { CallAnswer, NextStage, ToolCallState } from './tool-call-state';

/**
 * The attempts of one call of a tool with `retry` options. An attempt whose failure is transient (see
 * `isTransientFailure`: never invalid arguments, a time-out or an abort) is followed by another after its back-off,
 * while attempts remain and the wait ends within the tool's time limit, counted from the first attempt; each
 * attempt is given what is left of it. Each retry is reported (a `tool-retry` event, an event on the call's span);
 * the call is answered with the last attempt's response, or what the exception processor threw for it. A first
 * attempt that succeeds answers as the call would without retries: synchronously when the tool is.
 */
export class ToolCallRetry {
  private attempts = 0;
  private readonly started = performance.now();
  private readonly timeoutMs: number;

  constructor(
    private readonly state: ToolCallState,
    private readonly next: NextStage,
    private readonly retry: ToolRetryOptions,
  ) {
    const { scope, target } = state;
    this.timeoutMs =
      (target.kind === 'tool' ? toolMetadataOf(target.callback).timeoutMs : undefined) ??
      scope.settings.limits.toolTimeoutMs;
  }

  attempt(): CallAnswer {
    const state = this.state;
    this.attempts++;
    state.error = undefined;
    if (this.attempts > 1)
      state.timeoutMs = Math.max(1, Math.ceil(this.timeoutMs - (performance.now() - this.started)));
    let answer: CallAnswer;
    try {
      answer = this.next(state);
    } catch (error) {
      return this.afterThrow(error);
    }
    if (isThenable(answer))
      return answer.then(
        (response) => this.afterAnswer(response),
        (error: unknown) => this.afterThrow(error),
      );
    return this.afterAnswer(answer);
  }

  private afterAnswer(response: ToolResponse | undefined): CallAnswer {
    if (response === undefined || !response.isError) return response;
    const delay = this.retryDelay();
    return delay === undefined ? response : this.again(delay, response.result);
  }

  /** The exception processor rethrew the failure (or the round was aborted: never retried). */
  private afterThrow(error: unknown): CallAnswer {
    const delay = this.retryDelay();
    if (delay === undefined) throw error;
    return this.again(delay, thrownValueText(error));
  }

  /** The wait before another attempt, or `undefined` when the failure is final. */
  private retryDelay(): number | undefined {
    const { scope, error } = this.state;
    if (error === undefined || this.attempts >= this.retry.maxAttempts) return undefined;
    if (scope.abort?.aborted || scope.siblings?.aborted) return undefined;
    if (!isTransientFailure(error, this.retry)) return undefined;
    const delay = retryDelayMs(this.retry, this.attempts);
    return performance.now() - this.started + delay < this.timeoutMs ? delay : undefined;
  }

  private again(delayMs: number, failure: string): CallAnswer {
    const { state, attempts } = this;
    const { scope, call } = state;
    state.telemetry?.retry?.(attempts, delayMs, state.error);
    scope.input.onEvent?.({
      type: 'tool-retry',
      round: scope.round,
      toolCall: call,
      attempt: attempts,
      maxAttempts: this.retry.maxAttempts,
      delayMs,
      error: failure,
    });
    // No wait: the next attempt at once (synchronous when the tool is).
    if (delayMs === 0) return this.attempt();
    return this.wait(delayMs).then(() => this.attempt());
  }

  /** Resolves after `ms`; rejects with the reason when the round is aborted or a sibling call fails first. */
  private wait(ms: number): Promise<void> {
    const { abort, siblings } = this.state.scope;
    return new Promise<void>((resolve, reject) => {
      const listened = siblings === undefined ? abort : undefined;
      const done = (): void => {
        clearTimeout(timer);
        listened?.removeEventListener('abort', onAbort);
        siblings?.delete(onSiblingFailure);
      };
      const onAbort = (): void => {
        done();
        reject(abort!.reason);
      };
      const onSiblingFailure = (reason: unknown): void => {
        done();
        reject(reason);
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, ms);
      listened?.addEventListener('abort', onAbort);
      siblings?.add(onSiblingFailure);
    });
  }
}
