import type { CallTelemetry } from '../../../telemetry/chat-telemetry';
import type { ToolCallStage } from './tool-call-state';

/**
 * Opens the call's span: what the tool (and its hooks) do runs inside it. The span ends when the call settles
 * (see `settleCall`). In the pipeline only when the chat call has telemetry.
 */
export function telemetryStage(telemetry: CallTelemetry, round: number): ToolCallStage {
  return (state, next) => {
    const target = state.target;
    const span = telemetry.startToolCall(
      round,
      state.call,
      target.kind === 'tool' ? target.callback.getToolDefinition() : undefined,
    );
    state.telemetry = span;
    return span.run(() => next(state));
  };
}
