import type { ToolCallStage } from './tool-call-state';

/**
 * Opens the call's span in the chat call's telemetry: what the tool (and its hooks) do runs inside it. The span
 * ends when the call settles (see `settleCall`).
 */
export const telemetryStage: ToolCallStage = (state, next) => {
  const { scope, target } = state;
  const span = scope.input.telemetry!.startToolCall(
    scope.round,
    state.call,
    target.kind === 'tool' ? target.callback.getToolDefinition() : undefined,
  );
  state.telemetry = span;
  return span.run(() => next(state));
};
