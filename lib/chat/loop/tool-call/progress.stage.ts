import { callsDirectly } from '../../../tool/invocable-tool-callback';
import type { ToolCallStage } from './tool-call-state';

/**
 * In a streamed call, hands the tool a context whose `reportProgress()` (and a generator tool's preliminary results)
 * become `tool-progress` events of this call, until the call is answered: what a tool reports after that (one left
 * behind by its time limit) is dropped. A library tool that cannot read its context (a synchronous method without
 * a `ToolContext` parameter) is given none.
 */
export const progressStage: ToolCallStage = (state, next) => {
  const { scope, target, call, index } = state;
  if (target.kind !== 'tool') return next(state);
  const callback = target.callback;
  if (callsDirectly(callback) && !callback.readsCallContext) return next(state);
  const onEvent = scope.input.onEvent!;
  const round = scope.round;
  state.context = scope.context.withProgressSink((update) => {
    if (scope.responses[index] === undefined)
      onEvent({ type: 'tool-progress', round, toolCall: call, ...update });
  });
  return next(state);
};
