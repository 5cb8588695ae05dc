import type { Attributes, Context, Span } from '@opentelemetry/api';
import { isInstanceOf } from '../../errors/messages/thrown-value-text';
import { ToolCallingLimitError } from '../../errors/tool-calling-limit.error';
import type { ChatModel } from '../../chat/model/chat-model';
import type { ChatOptions } from '../../chat/model/chat-options';
import type { Message, ToolCall } from '../../chat/model/messages';
import type { Prompt } from '../../chat/model/prompt';
import type { ToolDefinition } from '../../tool/tool-definition';
import type {
  CallTelemetry,
  ModelRequestTelemetry,
  RoundSteering,
  ToolCallTelemetry,
} from '../../chat/ports/chat-telemetry';
import type { ChatClientResponse } from '../../chat/ports/chat-client-response';
import { errorType, statusMessage } from '../error-type';
import { GenAi, Operation, ToolCallingAttributes } from '../gen-ai-attributes';
import { inputMessages, outputText, systemInstructions } from '../gen-ai-messages';
import { OpenTelemetryModelRequestTelemetry } from './model-request.telemetry';
import type { TelemetrySignals } from './telemetry-signals';
import type { CallSpan, OpenChild } from './call-span';
import { OpenTelemetryToolCallTelemetry } from './tool-call.telemetry';
import { responseAttributes, usageAttributes } from './response-attributes';

function providerNameOf(chatModel: ChatModel): string {
  return chatModel.providerName ?? chatModel.constructor?.name ?? 'unknown';
}

/**
 * The `invoke_agent` span of one `call()`/`stream()`: the whole tool-calling loop, with the model requests and the
 * tool calls as its children, under whatever span was active when the call started.
 */
export class OpenTelemetryCallTelemetry implements CallTelemetry, CallSpan {
  readonly provider: string;
  readonly requestModel: string | undefined;
  readonly context: Context;
  private readonly span: Span | undefined;
  private readonly open = new Set<OpenChild>();
  private limits: Set<string> | undefined;
  private rounds = 0;
  private ended = false;

  constructor(
    readonly signals: TelemetrySignals,
    chatModel: ChatModel,
    messages: readonly Message[],
    readonly options: ChatOptions,
    readonly streaming: boolean,
  ) {
    this.provider = providerNameOf(chatModel);
    this.requestModel = options.model ?? chatModel.model;
    const { api, tracer } = signals;
    const parent = api.context.active();
    if (tracer === undefined) {
      this.context = parent;
      return;
    }
    const attributes: Attributes = {
      [GenAi.OPERATION_NAME]: Operation.INVOKE_AGENT,
      [GenAi.PROVIDER_NAME]: this.provider,
      [ToolCallingAttributes.STREAMING]: streaming,
    };
    if (this.requestModel !== undefined) attributes[GenAi.REQUEST_MODEL] = this.requestModel;
    if (signals.captureContent) {
      attributes[GenAi.INPUT_MESSAGES] = inputMessages(messages);
      const system = systemInstructions(messages);
      if (system !== undefined) attributes[GenAi.SYSTEM_INSTRUCTIONS] = system;
    }
    this.span = tracer.startSpan(Operation.INVOKE_AGENT, { kind: api.SpanKind.INTERNAL, attributes }, parent);
    this.context = api.trace.setSpan(parent, this.span);
  }

  run<T>(fn: () => T): T {
    return this.span === undefined ? fn() : this.signals.api.context.with(this.context, fn);
  }

  startModelRequest(
    round: number,
    prompt: Prompt,
    streaming: boolean,
    steering?: RoundSteering,
  ): ModelRequestTelemetry {
    if (round > this.rounds) this.rounds = round;
    return this.opened(new OpenTelemetryModelRequestTelemetry(this, round, prompt, streaming, steering));
  }

  startToolCall(round: number, call: ToolCall, tool: ToolDefinition | undefined): ToolCallTelemetry {
    return this.opened(new OpenTelemetryToolCallTelemetry(this, round, call, tool));
  }

  /** Called by a child as it ends. */
  closed(child: OpenChild): void {
    this.open.delete(child);
  }

  limitHit(limit: string): void {
    (this.limits ??= new Set()).add(limit);
  }

  end(outcome: ChatClientResponse): void {
    if (this.ended) return;
    this.ended = true;
    this.closeChildren(undefined);
    const span = this.span;
    if (span === undefined) return;
    span.setAttributes(responseAttributes(outcome.metadata, outcome.finishReason));
    span.setAttributes(usageAttributes(outcome.usage));
    span.setAttribute(ToolCallingAttributes.ROUNDS, outcome.rounds);
    if (outcome.stopReason !== undefined)
      span.setAttribute(ToolCallingAttributes.STOP_REASON, outcome.stopReason);
    if (this.signals.captureContent) {
      span.setAttribute(GenAi.OUTPUT_MESSAGES, outputText(outcome.text, outcome.finishReason));
    }
    this.setLimits(span);
    span.end();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (isInstanceOf(error, ToolCallingLimitError)) this.limitHit((error as ToolCallingLimitError).limit);
    this.closeChildren(error);
    const span = this.span;
    if (span === undefined) return;
    span.setAttribute(GenAi.ERROR_TYPE, errorType(error));
    span.setAttribute(ToolCallingAttributes.ROUNDS, this.rounds);
    span.setStatus({ code: this.signals.api.SpanStatusCode.ERROR, message: statusMessage(error) });
    this.setLimits(span);
    span.end();
  }

  private setLimits(span: Span): void {
    if (this.limits !== undefined) span.setAttribute(ToolCallingAttributes.LIMITS_HIT, [...this.limits]);
  }

  private opened<T extends OpenChild>(child: T): T {
    this.open.add(child);
    return child;
  }

  private closeChildren(error: unknown): void {
    if (this.open.size === 0) return;
    const reason = error ?? new Error('The chat call ended before this span');
    for (const child of [...this.open]) child.fail(reason);
  }
}
