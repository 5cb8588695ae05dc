import type { ChatOptions } from '../model/chat-options';
import type { ChatResponse } from '../model/chat-response';

/** What a `ToolExecutionEligibilityPredicate` is told besides the response. */
export interface ToolExecutionEligibilityContext {
  /** The model round the response answers (1 for the first). */
  readonly round: number;
  /** The chat options of the request. */
  readonly options: ChatOptions;
}

/**
 * Spring AI's `ToolExecutionEligibilityPredicate`: asked for each model response that has tool calls, `true` when
 * the library is to run them, anything else when they go back to the caller (user-controlled execution: the
 * response's `pendingToolCalls`, to run with `ToolCallingManager.executeToolCalls()` and continue the conversation).
 * Synchronous; what it throws fails the call.
 */
export type ToolExecutionEligibilityPredicate = (
  response: ChatResponse,
  context: ToolExecutionEligibilityContext,
) => boolean;

/** `internalToolExecution`: always run the tools (`true`), never (`false`), or as a predicate decides per response. */
export type InternalToolExecution = boolean | ToolExecutionEligibilityPredicate;

/**
 * Whether the library runs the tool calls of `response` (which has some); the predicate's context is made only for
 * a predicate (a chat round with a boolean setting allocates nothing here).
 */
export function runsToolCalls(
  setting: InternalToolExecution,
  response: ChatResponse,
  round: number,
  options: ChatOptions,
): boolean {
  if (typeof setting === 'boolean') return setting;
  return setting(response, { round, options }) === true;
}
