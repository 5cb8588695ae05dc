import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { ChatResponse } from '../../chat/model/chat-response';
import type { Prompt } from '../../chat/model/prompt';
import type { ModelRequestTelemetry, RoundSteering } from '../../chat/ports/chat-telemetry';
import { errorType, statusMessage } from '../error-type';
import { GenAi, Operation, ToolCallingAttributes } from '../gen-ai-attributes';
import { inputMessages, outputMessages, systemInstructions, toolDefinitions } from '../gen-ai-messages';
import type { CallSpan } from './call-span';
import { requestAttributes, responseAttributes, usageAttributes } from './response-attributes';
import { secondsSince } from './telemetry-signals';

/** The `chat {model}` span of one model request, and its duration and token metrics. */
export class OpenTelemetryModelRequestTelemetry implements ModelRequestTelemetry {
  private readonly span: Span | undefined;
  private readonly context: Context;
  private readonly requestModel: string | undefined;
  private readonly started = performance.now();
  private ended = false;

  constructor(
    private readonly call: CallSpan,
    round: number,
    prompt: Prompt,
    streaming: boolean,
    steering?: RoundSteering,
  ) {
    const { api, tracer, captureContent } = call.signals;
    this.requestModel = prompt.options.model ?? call.requestModel;
    if (tracer === undefined) {
      this.context = call.context;
      return;
    }
    const attributes: Attributes = {
      [GenAi.OPERATION_NAME]: Operation.CHAT,
      [GenAi.PROVIDER_NAME]: call.provider,
      [ToolCallingAttributes.ROUND]: round,
      [ToolCallingAttributes.STREAMING]: streaming,
      ...requestAttributes(prompt.options),
    };
    if (this.requestModel !== undefined) attributes[GenAi.REQUEST_MODEL] = this.requestModel;
    if (steering !== undefined) Object.assign(attributes, steeringAttributes(steering));
    if (captureContent) {
      attributes[GenAi.INPUT_MESSAGES] = inputMessages(prompt.messages);
      const system = systemInstructions(prompt.messages);
      if (system !== undefined) attributes[GenAi.SYSTEM_INSTRUCTIONS] = system;
      if (prompt.tools.length > 0) attributes[GenAi.TOOL_DEFINITIONS] = toolDefinitions(prompt.tools);
    }
    const name = this.requestModel === undefined ? Operation.CHAT : `${Operation.CHAT} ${this.requestModel}`;
    this.span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, call.context);
    this.context = api.trace.setSpan(call.context, this.span);
  }

  run<T>(fn: () => T): T {
    return this.span === undefined ? fn() : this.call.signals.api.context.with(this.context, fn);
  }

  end(response: ChatResponse): void {
    if (this.ended) return;
    this.ended = true;
    this.call.closed(this);
    const responseModel = response.metadata?.model;
    this.record(undefined, typeof responseModel === 'string' ? responseModel : undefined, response);
    const span = this.span;
    if (span === undefined) return;
    span.setAttributes(responseAttributes(response.metadata, response.finishReason));
    span.setAttributes(usageAttributes(response.usage));
    if (this.call.signals.captureContent) {
      span.setAttribute(GenAi.OUTPUT_MESSAGES, outputMessages(response.message, response.finishReason));
    }
    span.end();
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.call.closed(this);
    const type = errorType(error);
    this.record(type, undefined, undefined);
    const span = this.span;
    if (span === undefined) return;
    span.setAttribute(GenAi.ERROR_TYPE, type);
    span.setStatus({ code: this.call.signals.api.SpanStatusCode.ERROR, message: statusMessage(error) });
    span.end();
  }

  private record(type: string | undefined, responseModel: string | undefined, response?: ChatResponse): void {
    const instruments = this.call.signals.instruments;
    if (instruments === undefined) return;
    const attributes: Attributes = {
      [GenAi.OPERATION_NAME]: Operation.CHAT,
      [GenAi.PROVIDER_NAME]: this.call.provider,
    };
    if (this.requestModel !== undefined) attributes[GenAi.REQUEST_MODEL] = this.requestModel;
    if (responseModel !== undefined) attributes[GenAi.RESPONSE_MODEL] = responseModel;
    if (type !== undefined) attributes[GenAi.ERROR_TYPE] = type;
    instruments.operationDuration.record(secondsSince(this.started), attributes);
    const usage = response?.usage;
    if (usage === undefined) return;
    instruments.tokenUsage.record(usage.promptTokens, { ...attributes, [GenAi.TOKEN_TYPE]: 'input' });
    instruments.tokenUsage.record(usage.completionTokens, { ...attributes, [GenAi.TOKEN_TYPE]: 'output' });
  }
}

/** What the loop changed in the request: names and counts, never content. */
function steeringAttributes(steering: RoundSteering): Attributes {
  const attributes: Attributes = {};
  if (steering.activeTools !== undefined)
    attributes[ToolCallingAttributes.ACTIVE_TOOLS] = [...steering.activeTools];
  const choice = steering.toolChoice;
  if (choice !== undefined)
    attributes[ToolCallingAttributes.TOOL_CHOICE] = typeof choice === 'string' ? choice : choice.name;
  if (steering.messagesSent !== undefined)
    attributes[ToolCallingAttributes.MESSAGES_SENT] = steering.messagesSent;
  if (steering.systemReplaced) attributes[ToolCallingAttributes.SYSTEM_REPLACED] = true;
  if (steering.optionsChanged) attributes[ToolCallingAttributes.OPTIONS_CHANGED] = true;
  if (steering.elidedToolResults !== undefined)
    attributes[ToolCallingAttributes.ELIDED_TOOL_RESULTS] = steering.elidedToolResults;
  return attributes;
}
