import { callsDirectly } from '../../../tool/invocable-tool-callback';
import type { ToolCallStage } from './tool-call-state';

/**
 * In a streamed call, hands the tool a context whose `reportProgress()` (and a generator tool's preliminary results)
 * become `tool-progress` events of this call, and its questions (`elicit()`, with a handler) `tool-elicitation` events,
 * until the call is answered: what a tool reports after that (one left
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
  const context = scope.context.withProgressSink((update) => {
    if (scope.responses[index] === undefined)
      onEvent({ type: 'tool-progress', round, toolCall: call, ...update });
  });
  const elicitor = context.elicitor;
  state.context =
    elicitor === undefined
      ? context
      : context.withElicitor((request, origin) => {
          if (scope.responses[index] === undefined)
            onEvent({
              type: 'tool-elicitation',
              round,
              toolCall: call,
              message: request.message,
              requestedSchema: request.requestedSchema,
            });
          return elicitor(request, origin);
        });
  return next(state);
};
