import { ToolTimeoutError } from '../../errors/tool-timeout.error';
import { callsDirectly } from '../../tool/invocable-tool-callback';
import { LazyAbortController } from '../../tool/lazy-abort-controller';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import { ToolResult } from '../../tool/result/tool-result';
import type { AbortLike } from './run-abort';
import { toolResultValue } from './tool-result-text';
import type { SiblingCancellation } from './sibling-cancellation';

/** setTimeout turns longer delays into 1 ms. */
const MAX_TIMER_DELAY = 2_147_483_647;

/**
 * Calls the tool with a signal of its own, aborted when the request's signal aborts, a sibling call of the round
 * fails, or the time limit passes. Settles as soon as one of these happens: a tool that ignores its signal is left
 * behind, never waited for. Rejects with the request's abort reason, the sibling's failure, or a
 * `ToolTimeoutError`. Plain listeners rather than `AbortSignal.any()`: they are removed as soon as the call settles.
 * A method tool that has no `ToolContext` parameter is handed the chat call's context as is: it cannot read it.
 *
 * A call that completes synchronously (a library callback whose parsing, validation and tool are synchronous)
 * returns its result as is, with no promise, timer or listener: nothing can interrupt synchronous code, and the
 * signals are checked once it returns; a call that fails synchronously throws, as synchronous code does. The
 * listeners and the timer are set when the call returns a promise; the time limit still counts from the start of
 * the call.
 */
export function invokeWithLimits(
  callback: ToolCallback,
  toolName: string,
  input: string,
  context: ToolContext,
  requestSignal: AbortLike | undefined,
  timeoutMs: number,
  siblings?: SiblingCancellation,
  toolCallId?: string,
): string | ToolResult | Promise<string | ToolResult> {
  if (requestSignal?.aborted) throw requestSignal.reason;
  if (siblings?.aborted) throw siblings.reason;
  const started = performance.now();
  let controller: LazyAbortController | undefined;
  let pending: string | ToolResult | Promise<string | ToolResult>;
  try {
    if (!callsDirectly(callback)) {
      controller = new LazyAbortController();
      pending = callback.call(input, context.forCall(toolName, controller, toolCallId));
    } else if (callback.readsCallContext) {
      controller = new LazyAbortController();
      pending = callback.callDirect(input, context.forCall(toolName, controller, toolCallId));
    } else pending = callback.callDirect(input, context);
  } catch (error) {
    const aborted = abortedDuringCall(controller, requestSignal, siblings);
    throw aborted === undefined ? error : aborted.reason;
  }
  // A hand-written callback may return anything without a promise: only a result is taken as is.
  if (typeof pending === 'string' || ToolResult.is(pending)) {
    const aborted = abortedDuringCall(controller, requestSignal, siblings);
    if (aborted !== undefined) throw aborted.reason;
    return pending;
  }
  return settleWithLimits(
    Promise.resolve(pending),
    controller ?? new LazyAbortController(),
    toolName,
    requestSignal,
    timeoutMs,
    siblings,
    started,
  );
}

/** The abort (the request's, then a sibling's) that happened while the call ran synchronously, passed on to it. */
function abortedDuringCall(
  controller: LazyAbortController | undefined,
  requestSignal: AbortLike | undefined,
  siblings: SiblingCancellation | undefined,
): { reason: unknown } | undefined {
  const aborted = requestSignal?.aborted
    ? { reason: requestSignal.reason }
    : siblings?.aborted
      ? { reason: siblings.reason }
      : undefined;
  if (aborted !== undefined) controller?.abort(aborted.reason);
  return aborted;
}

function settleWithLimits(
  pending: Promise<string | ToolResult>,
  controller: LazyAbortController,
  toolName: string,
  requestSignal: AbortLike | undefined,
  timeoutMs: number,
  siblings: SiblingCancellation | undefined,
  started: number,
): Promise<string | ToolResult> {
  return new Promise<string | ToolResult>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const listened = siblings ? undefined : requestSignal;
    const stop = (): boolean => {
      if (settled) return false;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      listened?.removeEventListener('abort', onRequestAbort);
      siblings?.delete(onSiblingFailure);
      return true;
    };
    function onSiblingFailure(reason: unknown): void {
      if (!stop()) return;
      controller.abort(reason);
      reject(reason);
    }
    function onRequestAbort(): void {
      if (!stop()) return;
      controller.abort(requestSignal!.reason);
      reject(requestSignal!.reason);
    }

    const aborted = abortedDuringCall(controller, requestSignal, siblings);
    if (aborted !== undefined) {
      settled = true;
      reject(aborted.reason);
    } else {
      // With siblings, the round listens to the request's signal once for all its calls.
      listened?.addEventListener('abort', onRequestAbort);
      siblings?.add(onSiblingFailure);
      if (timeoutMs <= MAX_TIMER_DELAY) {
        // Whole milliseconds, so that calls with the same limit share one of Node's timer lists.
        const remaining = Math.max(1, Math.ceil(timeoutMs - (performance.now() - started)));
        timer = setTimeout(() => {
          if (!stop()) return;
          const error = new ToolTimeoutError(toolName, timeoutMs);
          controller.abort(error);
          reject(error);
        }, remaining);
      }
    }
    // Handled even when settled already: the tool's own rejection is never left unhandled.
    Promise.resolve(pending).then(
      (result: unknown) => {
        if (!stop()) return;
        try {
          resolve(toolResultValue(result, toolName));
        } catch (error) {
          reject(error);
        }
      },
      (error: unknown) => {
        if (stop()) reject(error);
      },
    );
  });
}
