import { NoSuchToolError } from '../../errors/no-such-tool.error';
import { ToolCallingError } from '../../errors/tool-calling.error';
import { ToolExecutionError } from '../../errors/tool-execution.error';
import { isInstanceOf } from '../../errors/messages/thrown-value-text';
import type { ToolCallTelemetry } from '../ports/chat-telemetry';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import { invokeWithLimits } from './invoke-with-limits';
import type { ToolCall, ToolResponse } from '../model/messages';
import { SiblingCancellation } from './sibling-cancellation';
import { capResponse } from './tool-result-cap';
import { ToolCallCounter } from './tool-call-counter';
import type { ToolCallHooks } from './tool-call-hooks';
import { runWithHooks } from './tool-call-hooks.runner';
import type { ResolvedToolCallingLimits } from './tool-calling-manager-options';
import { StateMessages } from '../../errors/messages/state.messages';
import { checkApproval } from './approval-check';
import type {
  ToolCallAwaitingApproval,
  ToolExecutionInput,
  ToolExecutionResult,
} from './tool-execution-result';
import { allDirect, isSequential, planToolRound, type Target, type ToolTarget } from './tool-round-plan';
import { roundResult } from './tool-round-result';
import { runConcurrently } from './concurrent-calls';
import { runDirect, type DirectRound } from './direct-calls';
import { signalOf, type AbortLike } from './run-abort';

const SETTLED = Promise.resolve();

/** What made a call fail, for its telemetry, when a hook denied it. */
const DENIED = Symbol('denied');

export interface ToolRoundSettings {
  readonly limits: ResolvedToolCallingLimits;
  readonly processor: ToolExecutionExceptionProcessor;
  readonly hooks: readonly ToolCallHooks[];
}

/**
 * Runs the tool calls of one model response: limits first (so that a round over a limit runs nothing in `'error'`
 * mode), then the calls, concurrently up to the cap; a `sequential` tool waits for the calls before it, and the
 * calls after it wait for it. Results keep the order of the calls. A failure that ends the round (a rethrown error,
 * a throwing hook) aborts the signals of the calls still running beside it, with that failure as the reason.
 */
export class ToolRound implements DirectRound {
  private readonly calls: readonly ToolCall[];
  private readonly targets: Target[];
  private readonly responses: ToolResponse[];
  private readonly context: ToolContext;
  private readonly round: number;
  /** The calls of the concurrent range running now, if any. */
  private siblings: SiblingCancellation | undefined;
  /** Kept for the telemetry only: what made each call fail. */
  private readonly errors: unknown[] | undefined;
  private awaiting?: ToolCallAwaitingApproval[];
  /** Nothing runs around this round's calls (no hook, telemetry or resumed round): see `runDirect`. */
  private readonly plain: boolean;

  constructor(
    private readonly input: ToolExecutionInput,
    private readonly tools: ReadonlyMap<string, ToolCallback>,
    private readonly settings: ToolRoundSettings,
    /** What aborts the round: the chat run's abort, or the input's signal. */
    private readonly abort: AbortLike | undefined = input.signal,
  ) {
    this.calls = input.message.toolCalls;
    this.responses = new Array<ToolResponse>(this.calls.length);
    this.context = input.context ?? ToolContext.empty();
    this.round = input.round ?? 1;
    this.errors = input.telemetry === undefined ? undefined : [];
    this.targets = planToolRound(input, tools, settings.limits, input.counter ?? new ToolCallCounter());
    this.plain =
      settings.hooks.length === 0 && input.telemetry === undefined && input.resumption === undefined;
  }

  /** The round's result; at once, with no promise, when every call answered synchronously. */
  run(): ToolExecutionResult | Promise<ToolExecutionResult> {
    return this.runFrom(0);
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

  /** Runs the calls `[start, end)`; `undefined` when they are done already (see `runDirect`). */
  private runRange(start: number, end: number): Promise<void> | undefined {
    const direct = this.plain && allDirect(this.targets, start, end);
    if (end - start === 1) return direct ? runDirect(this, start, end) : this.runOne(start);
    this.abort?.throwIfAborted();
    const maxConcurrency = this.settings.limits.maxConcurrency;
    // So that a failure can abort the calls running beside it, without aborting the request.
    return SiblingCancellation.around(
      this.abort,
      (siblings) => {
        this.siblings = siblings;
        return direct && end - start <= maxConcurrency
          ? runDirect(this, start, end)
          : runConcurrently(start, end, maxConcurrency, (index) => this.runOne(index));
      },
      () => (this.siblings = undefined),
    );
  }

  /** @internal */
  async runOne(index: number): Promise<void> {
    const call = this.calls[index];
    const target = this.targets[index];
    const onEvent = this.input.onEvent;
    this.abort?.throwIfAborted();
    const resumption = this.input.resumption;
    const earlier = resumption?.responses[index];
    if (earlier) {
      this.responses[index] = earlier;
      return;
    }
    const decision = resumption?.decisions.get(index);
    let refused: ToolResponse | undefined;
    if (decision === undefined && target.kind === 'tool' && toolMetadataOf(target.callback).approval) {
      const check = await this.approvalCheck(index, call, target.callback);
      if (check === 'wait') return;
      if (check !== 'run') refused = check;
    } else if (decision?.approved === false) {
      const result = StateMessages.approvalDenied(call.name, decision.reason);
      refused = { id: call.id, name: call.name, result, isError: true };
    }
    onEvent?.({ type: 'tool-call-started', round: this.round, toolCall: call });
    const telemetry = this.input.telemetry?.startToolCall(
      this.round,
      call,
      target.kind === 'tool' ? target.callback.getToolDefinition() : undefined,
    );
    const response =
      refused ??
      (await (telemetry === undefined
        ? this.respond(index, call, target)
        : telemetry.run(() => this.respond(index, call, target))));
    this.settle(index, call, target, response, telemetry);
  }

  /** @internal For `runDirect`: checks the abort, reports the start, calls the tool. */
  startCall(index: number): string | Promise<string> {
    this.abort?.throwIfAborted();
    const call = this.calls[index];
    this.input.onEvent?.({ type: 'tool-call-started', round: this.round, toolCall: call });
    return this.invoke(call, (this.targets[index] as ToolTarget).callback, call.arguments);
  }

  /** @internal For `runDirect`: a call that answered synchronously. */
  settleText(index: number, result: string): void {
    const call = this.calls[index];
    this.settle(index, call, this.targets[index], { id: call.id, name: call.name, result, isError: false });
  }

  /** @internal For `runDirect`: a call that did not, settled as any call is. */
  settleLater(index: number, result: Promise<string>): Promise<void> {
    const call = this.calls[index];
    const target = this.targets[index] as ToolTarget;
    return this.responseOf(index, call, target.callback, result).then((response) =>
      this.settle(index, call, target, response),
    );
  }

  /** A call's response, cut to the tool's or the limits' `maxResultChars` (an event says so), kept, reported. */
  private settle(
    index: number,
    call: ToolCall,
    target: Target,
    response: ToolResponse,
    telemetry?: ToolCallTelemetry,
  ): void {
    const max =
      (target.kind === 'tool' ? toolMetadataOf(target.callback).maxResultChars : undefined) ??
      this.settings.limits.maxResultChars;
    const capped = capResponse(call, response, max, this.round, this.input.onEvent);
    this.responses[index] = capped;
    if (telemetry !== undefined) {
      const error = this.errors![index];
      if (target.kind === 'over-limit') telemetry.limit(capped.result, target.limit);
      else if (error === DENIED) telemetry.deny(capped.result);
      else telemetry.end(capped.result, capped.isError, error);
    }
    this.input.onEvent?.({
      type: capped.isError ? 'tool-error' : 'tool-result',
      round: this.round,
      toolResponse: capped,
    });
  }

  /** `'wait'` when the call waits for approval, an error result when its arguments are invalid, else `'run'`. */
  private async approvalCheck(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
  ): Promise<ToolResponse | 'wait' | 'run'> {
    const check = await checkApproval(call, callback, this.context);
    if (check instanceof Error) return this.failure(index, call, check);
    if (check === 'run') return 'run';
    (this.awaiting ??= []).push({ index, toolCall: call, arguments: check.arguments });
    return 'wait';
  }

  private respond(index: number, call: ToolCall, target: Target): ToolResponse | Promise<ToolResponse> {
    switch (target.kind) {
      case 'unknown-tool':
        return this.failure(index, call, new NoSuchToolError(call.name, [...this.tools.keys()]));
      case 'over-limit':
        return { id: call.id, name: call.name, result: target.message, isError: true };
      case 'tool':
        return this.settings.hooks.length > 0
          ? this.invokeWithHooks(index, call, target.callback)
          : this.execute(index, call, target.callback, call.arguments);
    }
  }

  private failure(index: number, call: ToolCall, error: Error): ToolResponse {
    if (this.errors !== undefined) this.errors[index] = error;
    return { id: call.id, name: call.name, result: this.settings.processor.process(error), isError: true };
  }

  private invokeWithHooks(index: number, call: ToolCall, callback: ToolCallback): Promise<ToolResponse> {
    const context = this.context.withSignal(this.siblings?.signal() ?? signalOf(this.abort));
    return runWithHooks(this.settings.hooks, call, callback, this.round, context, {
      execute: (args) => this.execute(index, call, callback, args),
      denied: () => {
        if (this.errors !== undefined) this.errors[index] = DENIED;
      },
    });
  }

  private execute(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
    args: string,
  ): ToolResponse | Promise<ToolResponse> {
    const result = this.invoke(call, callback, args);
    if (typeof result === 'string') {
      const response: ToolResponse = { id: call.id, name: call.name, result, isError: false };
      // One microtask turn, as a failed call takes: calls answered without running a tool (an unknown tool, a
      // refused call) keep reporting before the results of the tools started with them, as with promises.
      return SETTLED.then(() => response);
    }
    return this.responseOf(index, call, callback, result);
  }

  private invoke(call: ToolCall, callback: ToolCallback, args: string): string | Promise<string> {
    const timeoutMs = toolMetadataOf(callback).timeoutMs ?? this.settings.limits.toolTimeoutMs;
    return invokeWithLimits(
      callback,
      callback.getToolDefinition().name,
      args,
      this.context,
      this.abort,
      timeoutMs,
      this.siblings,
      call.id,
    );
  }

  /** The response once a call that did not answer synchronously settles: a failure becomes an error result. */
  private responseOf(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
    result: Promise<string>,
  ): Promise<ToolResponse> {
    const signal = this.abort;
    const siblings = this.siblings;
    return result.then(
      (text): ToolResponse => ({ id: call.id, name: call.name, result: text, isError: false }),
      (error: unknown) => {
        if (signal?.aborted) throw signal.reason;
        if (siblings?.aborted) throw siblings.reason;
        return this.failure(
          index,
          call,
          isInstanceOf(error, ToolCallingError)
            ? (error as Error)
            : new ToolExecutionError(callback.getToolDefinition(), error),
        );
      },
    );
  }
}
