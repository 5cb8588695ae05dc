import type { FinishReason } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';
import type { PendingApproval } from '../../chat/ports/pending-approval';
import type { ChatStreamEvent, FinishedEvent } from '../../chat/loop/chat-stream-event';
import { preliminaryOutputOf, toolInputOf, toolOutputOf } from '../tool-output';
import type { UIFinishReason, UIMessageStreamChunk } from './ui-message-chunk';

const FINISH_REASONS: Readonly<Record<FinishReason, UIFinishReason>> = {
  stop: 'stop',
  tool_calls: 'tool-calls',
  length: 'length',
  content_filter: 'content-filter',
  other: 'other',
};

/**
 * What the mapper knows of the message a stream continues (the answer to an approval): the calls the client has
 * parts for already, and the ones whose approval was denied.
 */
export interface Continuation {
  readonly knownToolCallIds: ReadonlySet<string>;
  readonly deniedToolCallIds: ReadonlySet<string>;
}

/** The provider-metadata key of a client tool's call: its approval id, which the client's next request sends back. */
export const CLIENT_CALL_METADATA = 'nestjsToolCalling';

const NO_CLIENT_TOOLS: ReadonlySet<string> = new Set();

/**
 * Maps the library's stream events to UI message chunks, one event at a time: a step per model request, a text
 * part per run of text, a tool part per call (its input streamed when the loop streams it), approvals as the
 * protocol's approval requests, and the library's extras (progress, truncation) as data parts.
 */
export class UIMessageChunkMapper {
  /** The round of the open step; 0: none; -1: a continued message's step, still open on the client. */
  private step: number;
  private text: string | undefined;
  private texts = 0;
  private readonly started = new Set<string>();
  private readonly available = new Set<string>();

  constructor(
    private readonly metadata: Readonly<Record<string, unknown>>,
    private readonly continuation?: Continuation,
    private readonly clientTools: ReadonlySet<string> = NO_CLIENT_TOOLS,
  ) {
    this.step = continuation === undefined ? 0 : -1;
  }

  /** The `start` chunk. */
  start(messageId: string): UIMessageStreamChunk {
    return Object.keys(this.metadata).length === 0
      ? { type: 'start', messageId }
      : { type: 'start', messageId, messageMetadata: this.metadata };
  }

  /** Appends the chunks of `event` to `out`. */
  map(event: ChatStreamEvent, out: UIMessageStreamChunk[]): void {
    switch (event.type) {
      case 'text-delta': {
        if (event.text === '') return;
        this.enterStep(event.round, out);
        let id = this.text;
        if (id === undefined) {
          id = this.text = `text-${++this.texts}`;
          out.push({ type: 'text-start', id });
        }
        out.push({ type: 'text-delta', id, delta: event.text });
        return;
      }
      case 'round-finished':
        this.enterStep(event.round, out);
        this.endText(out);
        return;
      case 'tool-input-delta':
        this.enterStep(event.round, out);
        if (this.known(event.toolCallId) || this.available.has(event.toolCallId)) return;
        this.startInput(event.toolCallId, event.toolName, out);
        out.push({ type: 'tool-input-delta', toolCallId: event.toolCallId, inputTextDelta: event.delta });
        return;
      case 'tool-call-started':
        this.enterStep(event.round, out);
        // A client tool's input is sent with its approval id (at approval-required): the client runs it then.
        if (this.clientTools.has(event.toolCall.name))
          this.startInput(event.toolCall.id, event.toolCall.name, out);
        else this.inputAvailable(event.toolCall, out);
        return;
      case 'tool-progress': {
        this.enterStep(event.round, out);
        const call = event.toolCall;
        this.inputAvailable(call, out);
        if (event.preliminary !== undefined) {
          out.push({
            type: 'tool-output-available',
            toolCallId: call.id,
            output: preliminaryOutputOf(event.preliminary),
            preliminary: true,
          });
          return;
        }
        out.push({
          type: 'data-tool-progress',
          id: `progress-${call.id}`,
          data: {
            toolCallId: call.id,
            toolName: call.name,
            ...(event.progress !== undefined && { progress: event.progress }),
            ...(event.total !== undefined && { total: event.total }),
            ...(event.message !== undefined && { message: event.message }),
          },
        });
        return;
      }
      case 'tool-elicitation':
        this.enterStep(event.round, out);
        out.push({
          type: 'data-tool-elicitation',
          id: `elicitation-${event.toolCall.id}`,
          data: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            message: event.message,
            requestedSchema: event.requestedSchema,
          },
        });
        return;
      case 'tool-retry':
        this.enterStep(event.round, out);
        out.push({
          type: 'data-tool-retry',
          id: `retry-${event.toolCall.id}`,
          data: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            attempt: event.attempt,
            maxAttempts: event.maxAttempts,
            delayMs: event.delayMs,
            error: event.error,
          },
        });
        return;
      case 'tool-result-truncated':
        this.enterStep(event.round, out);
        out.push({
          type: 'data-tool-result-truncated',
          id: `truncated-${event.toolCall.id}`,
          data: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            resultChars: event.resultChars,
            maxResultChars: event.maxResultChars,
          },
        });
        return;
      case 'tool-result':
      case 'tool-error': {
        this.enterStep(event.round, out);
        const response = event.toolResponse;
        this.inputAvailable({ id: response.id, name: response.name, arguments: '' }, out);
        if (this.continuation?.deniedToolCallIds.has(response.id))
          out.push({ type: 'tool-output-denied', toolCallId: response.id });
        else if (event.type === 'tool-result')
          out.push({
            type: 'tool-output-available',
            toolCallId: response.id,
            output: toolOutputOf(response),
          });
        else out.push({ type: 'tool-output-error', toolCallId: response.id, errorText: response.result });
        return;
      }
      case 'approval-required':
        this.enterStep(event.round, out);
        for (const approval of event.approvals) {
          if (this.clientTools.has(approval.toolName)) {
            this.clientCall(approval, out);
            continue;
          }
          this.inputAvailable(
            { id: approval.toolCallId, name: approval.toolName, arguments: '' },
            out,
            approval.arguments,
          );
          out.push({
            type: 'tool-approval-request',
            approvalId: approval.id,
            toolCallId: approval.toolCallId,
          });
        }
        return;
      case 'finished':
        this.finish(event, out);
        return;
    }
  }

  /** Closes the open text and step: before an error or an abort. */
  close(out: UIMessageStreamChunk[]): void {
    this.endText(out);
    if (this.step > 0) out.push({ type: 'finish-step' });
    this.step = 0;
  }

  private finish(event: FinishedEvent, out: UIMessageStreamChunk[]): void {
    for (const call of event.pendingToolCalls) this.inputAvailable(call, out);
    this.close(out);
    out.push({
      type: 'finish',
      finishReason: FINISH_REASONS[event.finishReason] ?? 'other',
      messageMetadata: {
        ...this.metadata,
        ...(event.usage !== undefined && { usage: event.usage }),
        rounds: event.rounds,
        finishReason: event.finishReason,
      },
    });
  }

  private enterStep(round: number, out: UIMessageStreamChunk[]): void {
    if (round === this.step) return;
    // The paused round of a continued message: its step is the client's last one.
    if (this.step === -1) {
      this.step = round;
      return;
    }
    this.close(out);
    out.push({ type: 'start-step' });
    this.step = round;
  }

  private endText(out: UIMessageStreamChunk[]): void {
    if (this.text === undefined) return;
    out.push({ type: 'text-end', id: this.text });
    this.text = undefined;
  }

  private known(toolCallId: string): boolean {
    return this.continuation?.knownToolCallIds.has(toolCallId) === true;
  }

  private startInput(toolCallId: string, toolName: string, out: UIMessageStreamChunk[]): void {
    if (this.started.has(toolCallId)) return;
    this.started.add(toolCallId);
    out.push({ type: 'tool-input-start', toolCallId, toolName });
  }

  private clientCall(approval: PendingApproval, out: UIMessageStreamChunk[]): void {
    if (this.available.has(approval.toolCallId) || this.known(approval.toolCallId)) return;
    this.available.add(approval.toolCallId);
    this.startInput(approval.toolCallId, approval.toolName, out);
    out.push({
      type: 'tool-input-available',
      toolCallId: approval.toolCallId,
      toolName: approval.toolName,
      input: approval.arguments,
      providerMetadata: { [CLIENT_CALL_METADATA]: { approvalId: approval.id } },
    });
  }

  private inputAvailable(call: ToolCall, out: UIMessageStreamChunk[], parsed?: unknown): void {
    if (this.available.has(call.id) || this.known(call.id)) return;
    this.available.add(call.id);
    this.startInput(call.id, call.name, out);
    out.push({
      type: 'tool-input-available',
      toolCallId: call.id,
      toolName: call.name,
      input: parsed ?? toolInputOf(call.arguments),
    });
  }
}
