import type { ToolContext, ToolExecutionScope } from '../tool/tool-context';

/**
 * The context one tool call receives, labelled with the tool, whose `signal` is only created when the tool reads it.
 * Creating an `AbortSignal` costs about 2 µs on Node 20, more than all the rest of a call's bookkeeping, and most
 * tools never look at it (those without a `ToolContext` parameter cannot). `ToolContext` has no lazy form, so the
 * fresh instance made for the call gets an accessor in place of its `signal` field before anyone sees it; should
 * that ever be refused, the signal is created at once.
 */
export function contextWithLazySignal(
  context: ToolContext,
  toolName: string,
  controller: AbortController,
): ToolContext {
  const labelled = context.forTool(toolName);
  // forTool() returns the same instance when it is already labelled: never redefine a shared one.
  const perCall =
    labelled === context ? context.withExecution(context.execution as ToolExecutionScope) : labelled;
  const lazy = Reflect.defineProperty(perCall, 'signal', {
    get: () => controller.signal,
    enumerable: true,
    configurable: true,
  });
  return lazy ? perCall : perCall.withSignal(controller.signal);
}
