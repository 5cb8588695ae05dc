import { StateMessages } from '../../../errors/messages/state.messages';
import { SETTLE_AT_ONCE, type ToolCallStage } from './tool-call-state';

/**
 * A round that paused for approval, continued: a call that ran before the pause keeps its result (nothing is
 * reported again), a call a person refused is answered with the refusal as soon as it starts, a call a person
 * approved runs without asking its approval policy again.
 */
export const resumeStage: ToolCallStage = (state, next) => {
  const { scope, index } = state;
  const resumption = scope.input.resumption!;
  const earlier = resumption.responses[index];
  if (earlier) {
    scope.responses[index] = earlier;
    return undefined;
  }
  const decision = resumption.decisions.get(index);
  if (decision === undefined) return next(state);
  state.decided = true;
  if (decision.approved === false) {
    const { id, name } = state.call;
    const result = StateMessages.approvalDenied(name, decision.reason);
    state.refusal = { id, name, result, isError: true };
    state.settleOrder = SETTLE_AT_ONCE;
  }
  return next(state);
};
