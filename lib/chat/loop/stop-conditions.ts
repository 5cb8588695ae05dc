import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import type { ToolResponse } from '../model/messages';
import type { StopReason } from '../ports/chat-client-response';
import type { ChatRunState } from './chat-run-state';

/**
 * Ends a chat call after a round of tool calls, instead of asking the model again, when it holds (the AI SDK's
 * `stopWhen`). Checked after each round whose tools ran, in the order given: the first that holds ends the call.
 * `roundCountIs(n)` and `hasToolCall(name)` make the common ones; any function of the run is a custom one.
 */
export type StopCondition = (state: ChatRunState) => boolean | Promise<boolean>;

type BuiltIn =
  { readonly reason: 'round-count' } | { readonly reason: 'tool-called'; readonly toolName: string };

const builtIns = new WeakMap<StopCondition, BuiltIn>();

/** Holds once `rounds` model requests were made (and the tools of the last one ran); `rounds` ≥ 1. */
export function roundCountIs(rounds: number): StopCondition {
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new ToolCallingOptionsError('roundCountIs(rounds)', rounds, 'an integer ≥ 1');
  const condition: StopCondition = (state) => state.rounds >= rounds;
  builtIns.set(condition, { reason: 'round-count' });
  return condition;
}

/**
 * Holds once a call of `toolName` succeeded in the last round: the call ends with that tool's results of the round
 * as its answer (in call order, joined by newlines), as `returnDirect` would, chosen by the request.
 */
export function hasToolCall(toolName: string): StopCondition {
  if (typeof toolName !== 'string' || toolName.length === 0)
    throw new ToolCallingOptionsError('hasToolCall(toolName)', toolName, 'a tool name');
  const condition: StopCondition = (state) => lastRoundResults(state, toolName).length > 0;
  builtIns.set(condition, { reason: 'tool-called', toolName });
  return condition;
}

/** The tool a `hasToolCall` condition names; `undefined` for another condition. */
export function toolNameOf(condition: StopCondition): string | undefined {
  const builtIn = builtIns.get(condition);
  return builtIn?.reason === 'tool-called' ? builtIn.toolName : undefined;
}

/** Why the call ends when `condition` holds. */
export function stopReasonOf(condition: StopCondition): StopReason {
  return builtIns.get(condition)?.reason ?? 'stop-condition';
}

/** The successful results of `toolName` in the last round, in call order. */
export function lastRoundResults(state: ChatRunState, toolName: string): ToolResponse[] {
  const results: ToolResponse[] = [];
  const records = state.toolExecutions;
  for (let i = records.length - 1; i >= 0 && records[i].round === state.rounds; i--) {
    const response = records[i].toolResponse;
    if (response.name === toolName && !response.isError) results.push(response);
  }
  return results.reverse();
}

/** Refuses what is not a list of conditions. */
export function assertStopConditions(conditions: readonly unknown[]): void {
  for (const condition of conditions)
    if (typeof condition !== 'function')
      throw new ToolCallingOptionsError('stopWhen', condition, 'a function of the run (a StopCondition)');
}
