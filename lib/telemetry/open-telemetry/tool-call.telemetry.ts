import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { ToolCall } from '../../chat/model/messages';
import type { ToolDefinition } from '../../tool/tool-definition';
import { partBytes } from '../../tool/result/part-bytes';
import type { ToolResultPart } from '../../tool/result/tool-result-part';
import type { ToolCallTelemetry } from '../../chat/ports/chat-telemetry';
import { errorType, statusMessage, toolOutcomeOf, type ToolOutcome } from '../error-type';
import { GenAi, Operation, TOOL_RETRY_EVENT, ToolCallingAttributes } from '../gen-ai-attributes';
import type { CallSpan } from './call-span';
import { secondsSince } from './telemetry-signals';

/** `error.type` of a call a hook denied, and of a failed result without an error (an `afterToolCall` rewrite). */
const DENIED = 'denied';
const ERROR_RESULT = 'tool_error';
/** The metrics' tool name for a name the model invented: its names must not grow the metric's cardinality. */
const UNKNOWN_TOOL = '_OTHER';

/** The `execute_tool {name}` span of one tool call, and its duration metric. */
export class OpenTelemetryToolCallTelemetry implements ToolCallTelemetry {
  private readonly span: Span | undefined;
  private readonly context: Context;
  private readonly started = performance.now();
  private ended = false;

  constructor(
    private readonly call: CallSpan,
    round: number,
    toolCall: ToolCall,
    private readonly tool: ToolDefinition | undefined,
  ) {
    const { api, tracer, captureContent } = call.signals;
    if (tracer === undefined) {
      this.context = call.context;
      return;
    }
    const attributes: Attributes = {
      [GenAi.OPERATION_NAME]: Operation.EXECUTE_TOOL,
      [GenAi.PROVIDER_NAME]: call.provider,
      [GenAi.TOOL_NAME]: toolCall.name,
      [GenAi.TOOL_CALL_ID]: toolCall.id,
      [GenAi.TOOL_TYPE]: 'function',
      [ToolCallingAttributes.ROUND]: round,
    };
    if (tool !== undefined) attributes[GenAi.TOOL_DESCRIPTION] = tool.description;
    if (captureContent) attributes[GenAi.TOOL_CALL_ARGUMENTS] = toolCall.arguments;
    const name = `${Operation.EXECUTE_TOOL} ${toolCall.name}`;
    this.span = tracer.startSpan(name, { kind: api.SpanKind.INTERNAL, attributes }, call.context);
    this.context = api.trace.setSpan(call.context, this.span);
  }

  run<T>(fn: () => T): T {
    return this.span === undefined ? fn() : this.call.signals.api.context.with(this.context, fn);
  }

  end(result: string, isError: boolean, error?: unknown, content?: readonly ToolResultPart[]): void {
    if (content !== undefined) this.recordParts(content);
    if (!isError) return this.finish('success', undefined, result, undefined);
    if (error === undefined) return this.finish('error', ERROR_RESULT, result, undefined);
    this.finish(toolOutcomeOf(error), errorType(error), result, error);
  }

  deny(result: string): void {
    this.finish('denied', DENIED, result, undefined);
  }

  limit(result: string, limit: string): void {
    this.call.limitHit(limit);
    this.finish('limit', 'ToolCallingLimitError', result, undefined);
  }

  /** An event on the span per retry (the failure's type, never its text), and the attempts so far. */
  retry(attempt: number, delayMs: number, error: unknown): void {
    const span = this.span;
    if (span === undefined || this.ended) return;
    span.addEvent(TOOL_RETRY_EVENT, {
      [ToolCallingAttributes.RETRY_ATTEMPT]: attempt,
      [ToolCallingAttributes.RETRY_DELAY_MS]: delayMs,
      [GenAi.ERROR_TYPE]: errorType(error),
    });
    span.setAttribute(ToolCallingAttributes.TOOL_ATTEMPTS, attempt + 1);
  }

  /** The call ended before the tool (aborted, or a sibling's error ended the round). */
  fail(error: unknown): void {
    this.finish(toolOutcomeOf(error), errorType(error), undefined, error);
  }

  /** The parts' types, sizes and media types; the parts themselves only with content capture. */
  private recordParts(content: readonly ToolResultPart[]): void {
    const span = this.span;
    if (span === undefined || this.ended) return;
    span.setAttribute(
      ToolCallingAttributes.TOOL_RESULT_PART_TYPES,
      content.map((part) => part.type),
    );
    span.setAttribute(ToolCallingAttributes.TOOL_RESULT_PART_BYTES, content.map(partBytes));
    const mediaTypes: string[] = [];
    for (const part of content) if ('mediaType' in part && part.mediaType) mediaTypes.push(part.mediaType);
    span.setAttribute(ToolCallingAttributes.TOOL_RESULT_MEDIA_TYPES, mediaTypes);
    if (this.call.signals.captureContent)
      span.setAttribute(ToolCallingAttributes.TOOL_RESULT_PARTS, JSON.stringify(content));
  }

  private finish(
    outcome: ToolOutcome,
    type: string | undefined,
    result: string | undefined,
    error: unknown,
  ): void {
    if (this.ended) return;
    this.ended = true;
    this.call.closed(this);
    const { api, instruments, captureContent } = this.call.signals;
    if (instruments !== undefined) {
      const attributes: Attributes = {
        [GenAi.OPERATION_NAME]: Operation.EXECUTE_TOOL,
        [GenAi.TOOL_NAME]: this.tool?.name ?? UNKNOWN_TOOL,
        [GenAi.TOOL_TYPE]: 'function',
        [ToolCallingAttributes.TOOL_OUTCOME]: outcome,
      };
      if (type !== undefined) attributes[GenAi.ERROR_TYPE] = type;
      instruments.toolDuration.record(secondsSince(this.started), attributes);
    }
    const span = this.span;
    if (span === undefined) return;
    span.setAttribute(ToolCallingAttributes.TOOL_OUTCOME, outcome);
    if (captureContent && result !== undefined) span.setAttribute(GenAi.TOOL_CALL_RESULT, result);
    if (type !== undefined) {
      span.setAttribute(GenAi.ERROR_TYPE, type);
      const message = error === undefined ? type : statusMessage(error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message });
    }
    span.end();
  }
}
