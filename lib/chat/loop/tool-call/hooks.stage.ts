import type { ToolResponse } from '../../model/messages';
import { signalOf } from '../run-abort';
import { runWithHooks } from '../tool-call-hooks.runner';
import { DENIED, type ToolCallStage } from './tool-call-state';

/**
 * The manager's and the request's hooks around the call of a tool (not an unknown name or a call over a limit):
 * `beforeToolCall` may rewrite its arguments or deny it, `afterToolCall` may replace its response. The hooks see
 * the chat call's context with the signal of the call's round.
 */
export const hooksStage: ToolCallStage = (state, next) => {
  const { scope, target } = state;
  if (target.kind !== 'tool') return next(state);
  const context = scope.context.withSignal(scope.siblings?.signal() ?? signalOf(scope.abort));
  return runWithHooks(scope.settings.hooks, state.call, target.callback, scope.round, context, {
    execute: (args) => {
      state.args = args;
      // A tool's call always has a response: only the stages before this one keep or hold a call back.
      return next(state) as ToolResponse | Promise<ToolResponse>;
    },
    denied: () => {
      state.error = DENIED;
    },
  });
};
