import { ToolTimeoutError } from '../../errors/tool-timeout.error';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { AbortLike } from './run-abort';
import type { SiblingCancellation } from './sibling-cancellation';

/** setTimeout turns longer delays into 1 ms. */
const MAX_TIMER_DELAY = 2_147_483_647;

/**
 * Calls the tool with a signal of its own, aborted when the request's signal aborts, a sibling call of the round
 * fails, or the time limit passes. Settles as soon as one of these happens: a tool that ignores its signal is left
 * behind, never waited for. Rejects with the request's abort reason, the sibling's failure, or a
 * `ToolTimeoutError`. Plain listeners rather than `AbortSignal.any()`: they are removed as soon as the call settles.
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
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const controller = new AbortController();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

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

    // With siblings, the round listens to the request's signal once for all its calls.
    const listened = siblings ? undefined : requestSignal;
    if (requestSignal?.aborted) {
      settled = true;
      reject(requestSignal.reason);
      return;
    }
    listened?.addEventListener('abort', onRequestAbort);
    if (siblings) {
      if (siblings.aborted) {
        stop();
        reject(siblings.reason);
        return;
      }
      siblings.add(onSiblingFailure);
    }
    if (timeoutMs <= MAX_TIMER_DELAY) {
      timer = setTimeout(() => {
        if (!stop()) return;
        const error = new ToolTimeoutError(toolName, timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    }

    let pending: Promise<string>;
    try {
      pending = callback.call(input, context.forCall(toolName, controller, toolCallId));
    } catch (error) {
      if (stop()) reject(error);
      return;
    }
    Promise.resolve(pending).then(
      (result) => {
        if (stop()) resolve(result);
      },
      (error: unknown) => {
        if (stop()) reject(error);
      },
    );
  });
}
