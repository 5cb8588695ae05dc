import type { ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import type { ToolCall, ToolResponse } from '../model/messages';
import { SiblingCancellation } from './sibling-cancellation';
import { ToolCallCounter } from './tool-call-counter';
import type { ToolCallAwaitingApproval, ToolRoundInput, ToolExecutionResult } from './tool-execution-result';
import { isSequential, planToolRound, type Target } from './tool-round-plan';
import { roundResult } from './tool-round-result';
import type { AbortLike } from './run-abort';
import { CallRange } from './tool-call/call-range';
import { toolCallPipeline } from './tool-call/tool-call-pipeline';
import type { NextStage, ToolRoundScope, ToolRoundSettings } from './tool-call/tool-call-state';

export type { ToolRoundSettings } from './tool-call/tool-call-state';

/**
 * Runs the tool calls of one model response: limits first (so that a round over a limit runs nothing in `'error'`
 * mode), then each call through the round's pipeline (see `toolCallPipeline`), concurrently up to the cap; a
 * `sequential` tool waits for the calls before it, and the calls after it wait for it. Results keep the order of
 * the calls. A failure that ends the round (a rethrown error, a throwing hook) aborts the signals of the calls
 * still running beside it, with that failure as the reason.
 */
export class ToolRound implements ToolRoundScope {
  readonly context: ToolContext;
  readonly round: number;
  readonly responses: ToolResponse[];
  siblings: SiblingCancellation | undefined;
  private readonly calls: readonly ToolCall[];
  private readonly targets: Target[];
  private readonly pipeline: NextStage;
  private awaiting?: ToolCallAwaitingApproval[];

  constructor(
    readonly input: ToolRoundInput,
    readonly tools: ReadonlyMap<string, ToolCallback>,
    readonly settings: ToolRoundSettings,
    /** What aborts the round: the chat run's abort, or the input's signal (see `roundAbortOf`). */
    readonly abort: AbortLike | undefined,
  ) {
    this.calls = input.message.toolCalls;
    this.responses = new Array<ToolResponse>(this.calls.length);
    this.context = input.context ?? ToolContext.empty();
    this.round = input.round ?? 1;
    this.targets = planToolRound(input, tools, settings.limits, input.counter ?? new ToolCallCounter());
    this.pipeline = toolCallPipeline(this, this.targets);
  }

  /** The round's result; at once, with no promise, when every call answered synchronously. */
  run(): ToolExecutionResult | Promise<ToolExecutionResult> {
    return this.runFrom(0);
  }

  awaitApproval(entry: ToolCallAwaitingApproval): void {
    (this.awaiting ??= []).push(entry);
  }

  private runFrom(first: number): ToolExecutionResult | Promise<ToolExecutionResult> {
    const { targets } = this;
    const n = targets.length;
    for (let i = first; i < n;) {
      let end = i + 1;
      if (!isSequential(targets[i])) while (end < n && !isSequential(targets[end])) end++;
      const pending = this.runRange(i, end);
      i = end;
      if (pending !== undefined) {
        const next = i;
        return pending.then(() => this.runFrom(next));
      }
    }
    return roundResult(this.input, targets, this.responses, this.awaiting);
  }

  /** Runs the calls `[start, end)`; `undefined` when they are done already. */
  private runRange(start: number, end: number): Promise<void> | undefined {
    const maxConcurrency = this.settings.limits.maxConcurrency;
    const range = new CallRange(this, this.pipeline, this.calls, this.targets, start, end, maxConcurrency);
    if (end - start === 1) return range.run();
    this.abort?.throwIfAborted();
    // So that a failure can abort the calls running beside it, without aborting the request.
    return SiblingCancellation.around(
      this.abort,
      (siblings) => {
        this.siblings = siblings;
        return range.run();
      },
      () => (this.siblings = undefined),
    );
  }
}
