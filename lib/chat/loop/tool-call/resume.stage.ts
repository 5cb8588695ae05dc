import { StateMessages } from '../../../errors/messages/state.messages';
import type { ToolResponse } from '../../model/messages';
import type { RoundResumption } from '../tool-execution-result';
import { SETTLE_AT_ONCE, type ToolCallStage } from './tool-call-state';

/**
 * A round that paused for approval, continued: a call that ran before the pause keeps its result (nothing is
 * reported again), a call a person refused is answered with the refusal as soon as it starts, a call a person
 * approved runs without asking its approval policy again.
 */
export function resumeStage(resumption: RoundResumption, responses: ToolResponse[]): ToolCallStage {
  return (state, next) => {
    const earlier = resumption.responses[state.index];
    if (earlier) {
      responses[state.index] = earlier;
      return undefined;
    }
    const decision = resumption.decisions.get(state.index);
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
}
