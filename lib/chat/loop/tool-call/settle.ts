import { toolMetadataOf } from '../../../tool/tool-callback';
import type { ToolResponse } from '../../model/messages';
import { capResponse } from '../tool-result-cap';
import { DENIED, type ToolCallState } from './tool-call-state';

/**
 * A call's response, cut to the tool's or the limits' `maxResultChars` (an event says so), kept in its place, its
 * span ended, and reported as a `tool-result` or `tool-error` event.
 */
export function settleCall(state: ToolCallState, response: ToolResponse): void {
  const { scope, call, target } = state;
  const onEvent = scope.input.onEvent;
  const max =
    (target.kind === 'tool' ? toolMetadataOf(target.callback).maxResultChars : undefined) ??
    scope.settings.limits.maxResultChars;
  const capped = capResponse(call, response, max, scope.round, onEvent);
  scope.responses[state.index] = capped;
  const telemetry = state.telemetry;
  if (telemetry !== undefined) {
    const error = state.error;
    if (target.kind === 'over-limit') telemetry.limit(capped.result, target.limit);
    else if (error === DENIED) telemetry.deny(capped.result);
    else telemetry.end(capped.result, capped.isError, error, capped.content);
  }
  onEvent?.({
    type: capped.isError ? 'tool-error' : 'tool-result',
    round: scope.round,
    toolResponse: capped,
  });
}
