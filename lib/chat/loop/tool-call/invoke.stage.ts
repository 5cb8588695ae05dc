import { UnknownToolCallError } from '../../../errors/unknown-tool-call.error';
import { ToolCallingError } from '../../../errors/tool-calling.error';
import { ToolExecutionError } from '../../../errors/tool-execution.error';
import { isInstanceOf } from '../../../errors/messages/thrown-value-text';
import { toolMetadataOf, type ToolCallback } from '../../../tool/tool-callback';
import { InvocableToolCallback } from '../../../tool/invocable-tool-callback';
import { checkStructuredContent } from '../../../tool/result/structured-content.check';
import type { ToolResult } from '../../../tool/result/tool-result';
import type { ToolResponse } from '../../model/messages';
import { invokeWithLimits } from '../invoke-with-limits';
import type { AbortLike } from '../run-abort';
import type { SiblingCancellation } from '../sibling-cancellation';
import { richToolResponse } from '../tool-result-response';
import { failure, SETTLE_FIRST, type NextStage, type ToolCallState } from './tool-call-state';

/**
 * The last stage: what answers the call. A name the model invented is an error result listing the tools, a call
 * over a limit the limit's message (both answered without running anything); a tool is called with the round's
 * limits (`invokeWithLimits`), and its failure becomes an error result through the exception processor, unless
 * the round was aborted or a sibling call failed: then the call fails with that reason.
 */
export const invokeStage: NextStage = (state) => {
  const { scope, call, target } = state;
  if (target.kind === 'unknown-tool') {
    state.settleOrder = SETTLE_FIRST;
    return failure(state, new UnknownToolCallError(call.name, [...scope.tools.keys()]));
  }
  if (target.kind === 'over-limit') {
    state.settleOrder = SETTLE_FIRST;
    return { id: call.id, name: call.name, result: target.message, isError: true };
  }
  const callback = target.callback;
  const { abort, siblings } = scope;
  let result: string | ToolResult | Promise<string | ToolResult>;
  try {
    result = invokeWithLimits(
      callback,
      callback.getToolDefinition().name,
      state.args,
      state.context,
      abort,
      state.timeoutMs ?? toolMetadataOf(callback).timeoutMs ?? scope.settings.limits.toolTimeoutMs,
      siblings,
      call.id,
    );
  } catch (error) {
    return failed(state, callback, error, abort, siblings);
  }
  const maxBytes = scope.settings.limits.maxResultBytes;
  if (typeof result === 'string') return { id: call.id, name: call.name, result, isError: false };
  if (!(result instanceof Promise)) return answered(state, callback, result, maxBytes);
  return result.then(
    (value): ToolResponse =>
      typeof value === 'string'
        ? { id: call.id, name: call.name, result: value, isError: false }
        : answered(state, callback, value, maxBytes),
    (error: unknown) => failed(state, callback, error, abort, siblings),
  );
};

/**
 * The response of a `ToolResult`, or the error result saying its media are over the byte limit, or that its
 * structured content does not match the `outputSchema` of a callback that does not check its own.
 */
function answered(
  state: ToolCallState,
  callback: ToolCallback,
  value: ToolResult,
  maxBytes: number,
): ToolResponse {
  try {
    if (value.structuredContent !== undefined && !(callback instanceof InvocableToolCallback))
      checkStructuredContent(callback.getToolDefinition(), value.structuredContent);
    return richToolResponse(state.call, value, maxBytes);
  } catch (error) {
    return failure(state, error as Error);
  }
}

function failed(
  state: ToolCallState,
  callback: ToolCallback,
  error: unknown,
  abort: AbortLike | undefined,
  siblings: SiblingCancellation | undefined,
): ToolResponse {
  if (abort?.aborted) throw abort.reason;
  if (siblings?.aborted) throw siblings.reason;
  return failure(
    state,
    isInstanceOf(error, ToolCallingError)
      ? (error as Error)
      : new ToolExecutionError(callback.getToolDefinition(), error),
  );
}
