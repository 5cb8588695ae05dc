import { NoSuchToolError } from '../../errors/no-such-tool.error';
import { ToolCallingError } from '../../errors/tool-calling.error';
import { ToolCallingLimitError, type ToolCallingLimitName } from '../../errors/tool-calling-limit.error';
import { ToolExecutionError } from '../../errors/tool-execution.error';
import { isInstanceOf } from '../../errors/messages/thrown-value-text';
import type { ToolCallTelemetry } from '../../telemetry/chat-telemetry';
import type { ToolExecutionExceptionProcessor } from '../../tool/execution/tool-execution-exception-processor';
import { toolMetadataOf, type ToolCallback } from '../../tool/tool-callback';
import { ToolContext } from '../../tool/tool-context';
import { ChatMessages } from '../../errors/messages/chat.messages';
import { invokeWithLimits } from './invoke-with-limits';
import { toolResponseMessage, type ToolCall, type ToolResponse } from '../model/messages';
import { ToolCallCounter } from './tool-call-counter';
import type { ToolCallHookContext, ToolCallHooks } from './tool-call-hooks';
import type { ResolvedToolCallingLimits } from './tool-calling-manager-options';
import type { ToolCallCounts, ToolExecutionInput, ToolExecutionResult } from './tool-execution-result';

/** What runs for a call: the tool, a refusal for a call over a limit, or nothing for a name the model invented. */
type Target =
  | { readonly kind: 'tool'; readonly callback: ToolCallback }
  | { readonly kind: 'over-limit'; readonly limit: ToolCallingLimitName; readonly message: string }
  | { readonly kind: 'unknown-tool' };

const UNKNOWN_TOOL: Target = Object.freeze({ kind: 'unknown-tool' });

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
 * calls after it wait for it. Results keep the order of the calls.
 */
export class ToolRound {
  private readonly calls: readonly ToolCall[];
  private readonly targets: Target[];
  private readonly responses: ToolResponse[];
  private readonly context: ToolContext;
  private readonly round: number;
  private failed = false;
  /** Kept for the telemetry only: what made each call fail. */
  private readonly errors: unknown[] | undefined;

  constructor(
    private readonly input: ToolExecutionInput,
    private readonly tools: ReadonlyMap<string, ToolCallback>,
    private readonly settings: ToolRoundSettings,
  ) {
    this.calls = input.message.toolCalls;
    this.responses = new Array<ToolResponse>(this.calls.length);
    this.context = input.context ?? ToolContext.empty();
    this.round = input.round ?? 1;
    this.errors = input.telemetry === undefined ? undefined : [];
    this.targets = this.plan(input.counter ?? new ToolCallCounter());
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

  private plan(counter: ToolCallCounts): Target[] {
    const { maxToolCallsPerRequest, maxCallsPerTool, onLimit } = this.settings.limits;
    return this.calls.map((call) => {
      const callback = this.tools.get(call.name);
      if (callback === undefined) return UNKNOWN_TOOL;
      let limit: 'maxToolCallsPerRequest' | 'maxCallsPerTool';
      let value: number;
      if (counter.total >= maxToolCallsPerRequest) {
        limit = 'maxToolCallsPerRequest';
        value = maxToolCallsPerRequest;
      } else if (counter.of(call.name) >= maxCallsPerTool) {
        limit = 'maxCallsPerTool';
        value = maxCallsPerTool;
      } else {
        counter.add(call.name);
        return { kind: 'tool', callback };
      }
      if (onLimit === 'error') {
        const { history: before, message } = this.input;
        const history = before[before.length - 1] === message ? before : before.concat(message);
        throw new ToolCallingLimitError(
          limit,
          value,
          history,
          limit === 'maxCallsPerTool' ? call.name : undefined,
        );
      }
      return {
        kind: 'over-limit',
        limit,
        message: ChatMessages.toolCallLimitForModel(limit, value, call.name),
      };
    });
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
    let next = start;
    const worker = async (): Promise<void> => {
      try {
        while (next < end && !this.failed) await this.runOne(next++);
      } catch (error) {
        this.failed = true;
        throw error;
      }
    };
    const workers: Promise<void>[] = [];
    const count = Math.min(end - start, this.settings.limits.maxConcurrency);
    for (let w = 0; w < count; w++) workers.push(worker());
    await Promise.all(workers);
  }

  private async runOne(index: number): Promise<void> {
    const call = this.calls[index];
    const target = this.targets[index];
    const onEvent = this.input.onEvent;
    this.input.signal?.throwIfAborted();
    onEvent?.({ type: 'tool-call-started', round: this.round, toolCall: call });
    const telemetry = this.input.telemetry?.startToolCall(
      this.round,
      call,
      target.kind === 'tool' ? target.callback.getToolDefinition() : undefined,
    );
    const response = await (telemetry === undefined
      ? this.respond(index, call, target)
      : telemetry.run(() => this.respond(index, call, target)));
    this.responses[index] = response;
    if (telemetry !== undefined) this.report(telemetry, index, target, response);
    onEvent?.({
      type: response.isError ? 'tool-error' : 'tool-result',
      round: this.round,
      toolResponse: response,
    });
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
      context: this.context.withSignal(this.input.signal).forTool(definition.name),
      round: this.round,
    };
    let args = call.arguments;
    let response: ToolResponse | undefined;
    for (const hook of hooks) {
      if (!hook.beforeToolCall) continue;
      const toolCall = args === call.arguments ? call : { ...call, arguments: args };
      const decision = await hook.beforeToolCall({ ...hookContext, toolCall });
      if (!decision || decision.action === 'allow') continue;
      if (decision.action === 'deny') {
        const result = decision.message ?? ChatMessages.toolCallDenied(definition.name);
        response = { id: call.id, name: call.name, result, isError: true };
        if (this.errors !== undefined) this.errors[index] = DENIED;
        break;
      }
      args = typeof decision.arguments === 'string' ? decision.arguments : JSON.stringify(decision.arguments);
    }
    response ??= await this.execute(index, call, callback, args);
    for (const hook of hooks) {
      if (!hook.afterToolCall) continue;
      const decision = await hook.afterToolCall({ ...hookContext, arguments: args, toolResponse: response });
      if (decision) {
        response = {
          id: call.id,
          name: call.name,
          result: decision.result,
          isError: decision.isError ?? response.isError,
        };
      }
    }
    return response;
  }

  private execute(
    index: number,
    call: ToolCall,
    callback: ToolCallback,
    args: string,
  ): Promise<ToolResponse> {
    const definition = callback.getToolDefinition();
    const signal = this.input.signal;
    const timeoutMs = toolMetadataOf(callback).timeoutMs ?? this.settings.limits.toolTimeoutMs;
    return invokeWithLimits(callback, definition.name, args, this.context, signal, timeoutMs).then(
      (result): ToolResponse => ({ id: call.id, name: call.name, result, isError: false }),
      (error: unknown) => {
        if (signal?.aborted) throw signal.reason;
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
