import type { BaseEvent } from '@ag-ui/core';
import type { ChatStreamEvent } from '../../chat/loop/chat-stream-event';
import type { ToolCall } from '../../chat/model/messages';
import type { PendingApproval } from '../../chat/ports/pending-approval';
import { toolOutputOf } from '../tool-output';

/** The run an AG-UI stream reports: its thread (the conversation) and run ids. */
export interface AgUiRunIds {
  /** The conversation. */
  readonly threadId: string;
  /** This run. */
  readonly runId: string;
}

/** The interrupt `reason` of a tool call waiting for approval; its answer is `{ approved, reason? }`. */
export const TOOL_APPROVAL_REASON = 'tool-approval';

const APPROVAL_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean' }, reason: { type: 'string' } },
  required: ['approved'],
};

type Out = BaseEvent[];

/**
 * Maps the library's stream events to AG-UI events: text messages, tool calls (start, args, end, result), the
 * library's extras as `CUSTOM` events, and approvals as the interrupts of `RUN_FINISHED`.
 */
export class AgUiEventMapper {
  private text: string | undefined;
  private texts = 0;
  private readonly started = new Set<string>();
  private readonly ended = new Set<string>();
  private interrupts: PendingApproval[] = [];

  constructor(private readonly run: AgUiRunIds) {}

  start(): BaseEvent {
    return { type: 'RUN_STARTED', ...this.run } as BaseEvent;
  }

  map(event: ChatStreamEvent, out: Out): void {
    switch (event.type) {
      case 'text-delta': {
        if (event.text === '') return;
        let id = this.text;
        if (id === undefined) {
          id = this.text = `${this.run.runId}-text-${++this.texts}`;
          out.push({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' } as BaseEvent);
        }
        out.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: event.text } as BaseEvent);
        return;
      }
      case 'round-finished':
        this.endText(out);
        return;
      case 'tool-input-delta':
        if (this.ended.has(event.toolCallId)) return;
        this.startCall(event.toolCallId, event.toolName, out);
        out.push({ type: 'TOOL_CALL_ARGS', toolCallId: event.toolCallId, delta: event.delta } as BaseEvent);
        return;
      case 'tool-call-started':
        this.endCall(event.toolCall, out);
        return;
      case 'tool-progress':
        out.push({
          type: 'CUSTOM',
          name: 'tool-progress',
          value: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            progress: event.progress,
            total: event.total,
            message: event.message,
            preliminary: event.preliminary,
          },
        } as BaseEvent);
        return;
      case 'tool-elicitation':
        out.push({
          type: 'CUSTOM',
          name: 'tool-elicitation',
          value: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            message: event.message,
            requestedSchema: event.requestedSchema,
          },
        } as BaseEvent);
        return;
      case 'tool-retry':
        out.push({
          type: 'CUSTOM',
          name: 'tool-retry',
          value: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            attempt: event.attempt,
            maxAttempts: event.maxAttempts,
            delayMs: event.delayMs,
            error: event.error,
          },
        } as BaseEvent);
        return;
      case 'tool-result-truncated':
        out.push({
          type: 'CUSTOM',
          name: 'tool-result-truncated',
          value: {
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            resultChars: event.resultChars,
            maxResultChars: event.maxResultChars,
          },
        } as BaseEvent);
        return;
      case 'tool-result':
      case 'tool-error': {
        const response = event.toolResponse;
        this.endCall({ id: response.id, name: response.name, arguments: '' }, out);
        const output = toolOutputOf(response);
        out.push({
          type: 'TOOL_CALL_RESULT',
          messageId: `${this.run.runId}-result-${response.id}`,
          toolCallId: response.id,
          role: 'tool',
          content: typeof output === 'string' ? output : JSON.stringify(output),
          ...(event.type === 'tool-error' && { metadata: { isError: true } }),
        } as BaseEvent);
        return;
      }
      case 'approval-required':
        for (const approval of event.approvals)
          this.endCall(
            {
              id: approval.toolCallId,
              name: approval.toolName,
              arguments: JSON.stringify(approval.arguments),
            },
            out,
          );
        this.interrupts = [...this.interrupts, ...event.approvals];
        return;
      case 'finished':
        for (const call of event.pendingToolCalls) this.endCall(call, out);
        this.endText(out);
        out.push({
          type: 'RUN_FINISHED',
          ...this.run,
          result: event.text,
          ...(this.interrupts.length > 0 && {
            outcome: { type: 'interrupt', interrupts: this.interrupts.map(interruptOf) },
          }),
        } as BaseEvent);
        return;
    }
  }

  /** Closes the open text message: before an error or a cancellation. */
  close(out: Out): void {
    this.endText(out);
  }

  private endText(out: Out): void {
    if (this.text === undefined) return;
    out.push({ type: 'TEXT_MESSAGE_END', messageId: this.text } as BaseEvent);
    this.text = undefined;
  }

  private startCall(toolCallId: string, toolName: string, out: Out): void {
    if (this.started.has(toolCallId)) return;
    this.endText(out);
    this.started.add(toolCallId);
    out.push({ type: 'TOOL_CALL_START', toolCallId, toolCallName: toolName } as BaseEvent);
  }

  private endCall(call: ToolCall, out: Out): void {
    if (this.ended.has(call.id)) return;
    if (!this.started.has(call.id)) {
      this.startCall(call.id, call.name, out);
      if (call.arguments !== '')
        out.push({ type: 'TOOL_CALL_ARGS', toolCallId: call.id, delta: call.arguments } as BaseEvent);
    }
    this.ended.add(call.id);
    out.push({ type: 'TOOL_CALL_END', toolCallId: call.id } as BaseEvent);
  }
}

function interruptOf(approval: PendingApproval): Record<string, unknown> {
  return {
    id: approval.id,
    reason: TOOL_APPROVAL_REASON,
    message: `Approve the call of "${approval.toolName}"?`,
    toolCallId: approval.toolCallId,
    responseSchema: APPROVAL_SCHEMA,
    expiresAt: approval.expiresAt,
  };
}
