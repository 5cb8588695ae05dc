import { toolMetadataOf } from '../../../tool/tool-callback';
import { checkApproval } from '../approval-check';
import { failure, SETTLE_AT_ONCE, type ToolCallStage } from './tool-call-state';

/**
 * Asks the approval policy of a tool that has one (unless a person decided already): the call waits for a person,
 * runs, or is answered with its input error when its arguments are invalid (the model is told, as for any call).
 */
export const approvalStage: ToolCallStage = (state, next) => {
  const target = state.target;
  if (state.decided || target.kind !== 'tool' || !toolMetadataOf(target.callback).approval)
    return next(state);
  const { scope, index, call } = state;
  return checkApproval(call, target.callback, scope.context).then((check) => {
    if (check instanceof Error) {
      state.refusal = failure(state, check);
      state.settleOrder = SETTLE_AT_ONCE;
    } else if (check !== 'run') {
      scope.awaitApproval({ index, toolCall: call, arguments: check.arguments });
      return undefined;
    }
    return next(state);
  });
};
