import { ToolTimeoutError } from '../../errors/tool-timeout.error';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';

/** setTimeout turns longer delays into 1 ms. */
const MAX_TIMER_DELAY = 2_147_483_647;

/**
 * Calls the tool with a signal of its own, aborted when the request's signal aborts or the time limit passes.
 * Settles as soon as one of the three happens: a tool that ignores its signal is left behind, never waited for.
 * Rejects with the request's abort reason, or with a `ToolTimeoutError`. Plain listeners rather than
 * `AbortSignal.any()`: they are removed as soon as the call settles.
 */
export function invokeWithLimits(
  callback: ToolCallback,
  toolName: string,
  input: string,
  context: ToolContext,
  requestSignal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const controller = new AbortController();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const stop = (): boolean => {
      if (settled) return false;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      requestSignal?.removeEventListener('abort', onRequestAbort);
      return true;
    };
    function onRequestAbort(): void {
      if (!stop()) return;
      controller.abort(requestSignal!.reason);
      reject(requestSignal!.reason);
    }

    if (requestSignal) {
      if (requestSignal.aborted) {
        settled = true;
        reject(requestSignal.reason);
        return;
      }
      requestSignal.addEventListener('abort', onRequestAbort);
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
      pending = callback.call(input, context.forCall(toolName, controller));
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
