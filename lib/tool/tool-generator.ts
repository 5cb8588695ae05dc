import type { ToolContext } from './tool-context';
import type { ToolProgressUpdate } from './tool-progress';

/** Whether a tool's return value is an async generator's (an async iterator with `next()`), not a plain value. */
export function isToolGenerator(value: unknown): value is AsyncGenerator<unknown, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncGenerator).next === 'function' &&
    typeof (value as AsyncGenerator)[Symbol.asyncIterator] === 'function'
  );
}

/** Whether `fn` is an `async function*`: a tool method that is one needs the call's context (its signal). */
export function isAsyncGeneratorFunction(fn: unknown): boolean {
  return typeof fn === 'function' && Object.prototype.toString.call(fn) === '[object AsyncGeneratorFunction]';
}

/**
 * Runs a generator tool to its end: each value it yields is a preliminary result, reported through the context (a
 * `tool-progress` event); its result is the value it returns, or, when it returns nothing, the last value it
 * yielded. Once the call's signal is aborted (time limit, request aborted, a sibling failed) it is asked for no
 * further value: the generator is closed (`return()`, so its `finally` blocks run) as soon as the value it is
 * working on arrives, and nothing more is reported.
 */
export async function runToolGenerator(
  generator: AsyncGenerator<unknown, unknown>,
  context: ToolContext | undefined,
  preliminary: (value: unknown) => ToolProgressUpdate['preliminary'],
): Promise<unknown> {
  const signal = context?.signal;
  const reports = context?.reportsProgress === true;
  let last: unknown;
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) return undefined;
      const step = await generator.next();
      if (step.done === true) {
        finished = true;
        return step.value === undefined ? last : step.value;
      }
      if (signal?.aborted) return undefined;
      last = step.value;
      if (reports) context.reportUpdate({ preliminary: preliminary(step.value) });
    }
  } finally {
    // A generator that threw is done already; one left early is closed.
    if (!finished) await generator.return(undefined);
  }
}
