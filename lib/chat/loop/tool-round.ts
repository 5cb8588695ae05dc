import { NoSuchToolError } from '../../errors/no-such-tool.error';
import { ToolCallingError } from '../../errors/tool-calling.error';
import { ToolExecutionError } from '../../errors/tool-execution.error';
import { isInstanceOf } from '../../errors/messages/thrown-value-text';
import type { ToolCallTelemetry } from '../../telemetry/chat-telemetry';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import { invokeWithLimits } from './invoke-with-limits';
import { toolResponseMessage, type ToolCall, type ToolResponse } from '../model/messages';
import { SiblingCancellation } from './sibling-cancellation';
import { capResponse } from './tool-result-cap';
import { ToolCallCounter } from './tool-call-counter';
import type { ToolCallHookContext, ToolCallHooks } from './tool-call-hooks';
import { runAfterHooks, runBeforeHooks } from './tool-call-hooks.runner';
import type { ResolvedToolCallingLimits } from './tool-calling-manager-options';
import { StateMessages } from '../../errors/messages/state.messages';
import { checkApproval } from './approval-check';
import type {
  ToolCallAwaitingApproval,
  ToolExecutionInput,
  ToolExecutionResult,
} from './tool-execution-result';
import { planToolRound, type Target } from './tool-round-plan';
import { runConcurrently } from './concurrent-calls';
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
export class ToolRound {
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
  }

  async run(): Promise<ToolExecutionResult> {
    const n = this.calls.length;
    let i = 0;
    while (i < n) {
      if (this.isSequential(i)) {
        await this.runOne(i++);
        continue;
      }
      let end = i + 1;
      while (end < n && !this.isSequential(end)) end++;
      await this.runRange(i, end);
      i = end;
    }
    const { history, message } = this.input;
    const awaiting = this.awaiting;
    if (awaiting) {
      awaiting.sort((a, b) => a.index - b.index);
      return {
        conversationHistory: history[history.length - 1] === message ? history : [...history, message],
        toolResponses: this.responses,
        returnDirect: false,
        awaitingApproval: awaiting,
      };
    }
    const toolMessage = toolResponseMessage(this.responses);
    return {
      // Spread, not concat(): concat looks up Symbol.isConcatSpreadable on each message it is given, which made
      // it 5x slower here, once per round.
      conversationHistory:
        history[history.length - 1] === message
          ? [...history, toolMessage]
          : [...history, message, toolMessage],
      toolResponses: this.responses,
      returnDirect: n > 0 && this.allReturnDirect(),
    };
  }

  private isSequential(index: number): boolean {
    const target = this.targets[index];
    return target.kind === 'tool' && toolMetadataOf(target.callback).sequential === true;
  }

  private allReturnDirect(): boolean {
    for (let i = 0; i < this.calls.length; i++) {
      const target = this.targets[i];
      if (
        target.kind !== 'tool' ||
        !toolMetadataOf(target.callback).returnDirect ||
        this.responses[i].isError
      ) {
        return false;
      }
    }
    return true;
  }

  private async runRange(start: number, end: number): Promise<void> {
    if (end - start === 1) return this.runOne(start);
    this.abort?.throwIfAborted();
    // So that a failure can abort the calls running beside it, without aborting the request.
    const siblings = (this.siblings = new SiblingCancellation(this.abort));
    try {
      await runConcurrently(start, end, this.settings.limits.maxConcurrency, (index) => this.runOne(index));
    } catch (error) {
      siblings.cancel(error);
      throw error;
    } finally {
      siblings.dispose();
      this.siblings = undefined;
    }
  }

  private async runOne(index: number): Promise<void> {
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
    let response =
      refused ??
      (await (telemetry === undefined
        ? this.respond(index, call, target)
        : telemetry.run(() => this.respond(index, call, target))));
    response = this.capped(call, response, target.kind === 'tool' ? target.callback : undefined);
    this.responses[index] = response;
    if (telemetry !== undefined) this.report(telemetry, index, target, response);
    onEvent?.({
      type: response.isError ? 'tool-error' : 'tool-result',
      round: this.round,
      toolResponse: response,
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

  private report(telemetry: ToolCallTelemetry, index: number, target: Target, response: ToolResponse): void {
    const error = this.errors![index];
    if (target.kind === 'over-limit') telemetry.limit(response.result, target.limit);
    else if (error === DENIED) telemetry.deny(response.result);
    else telemetry.end(response.result, response.isError, error);
  }

  /** The response with its text cut to the tool's or the limits' `maxResultChars`, reported as an event. */
  private capped(call: ToolCall, response: ToolResponse, callback: ToolCallback | undefined): ToolResponse {
    const max = (callback && toolMetadataOf(callback).maxResultChars) ?? this.settings.limits.maxResultChars;
    return capResponse(call, response, max, this.round, this.input.onEvent);
  }

  private failure(index: number, call: ToolCall, error: Error): ToolResponse {
    if (this.errors !== undefined) this.errors[index] = error;
    return { id: call.id, name: call.name, result: this.settings.processor.process(error), isError: true };
  }

  private async invokeWithHooks(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
  ): Promise<ToolResponse> {
    const definition = callback.getToolDefinition();
    const hooks = this.settings.hooks;
    const hookContext: ToolCallHookContext = {
      toolCall: call,
      toolDefinition: definition,
      toolMetadata: toolMetadataOf(callback),
      context: this.context
        .withSignal(this.siblings?.signal() ?? signalOf(this.abort))
        .forTool(definition.name),
      round: this.round,
    };
    const before = await runBeforeHooks(hooks, hookContext, call);
    if (before.action === 'deny') {
      if (this.errors !== undefined) this.errors[index] = DENIED;
      return runAfterHooks(hooks, hookContext, call, before.arguments, before.response);
    }
    const response = await this.execute(index, call, callback, before.arguments);
    return runAfterHooks(hooks, hookContext, call, before.arguments, response);
  }

  private execute(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
    args: string,
  ): ToolResponse | Promise<ToolResponse> {
    const definition = callback.getToolDefinition();
    const signal = this.abort;
    const siblings = this.siblings;
    const timeoutMs = toolMetadataOf(callback).timeoutMs ?? this.settings.limits.toolTimeoutMs;
    const result = invokeWithLimits(
      callback,
      definition.name,
      args,
      this.context,
      signal,
      timeoutMs,
      siblings,
      call.id,
    );
    if (typeof result === 'string') {
      const response: ToolResponse = { id: call.id, name: call.name, result, isError: false };
      // One microtask turn, as a failed call takes: calls answered without running a tool (an unknown tool, a
      // refused call) keep reporting before the results of the tools started with them, as with promises.
      return SETTLED.then(() => response);
    }
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
            : new ToolExecutionError(definition, error),
        );
      },
    );
  }
}
