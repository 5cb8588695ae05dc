import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import type { PrepareRound } from './round-preparation';

/** One hook or several, as a list. */
export function prepareRoundList(hooks: PrepareRound | readonly PrepareRound[] | undefined): PrepareRound[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? [...(hooks as readonly PrepareRound[])] : [hooks as PrepareRound];
}

/** Refuses what is not a hook. */
export function assertPrepareRound(hook: unknown): void {
  if (typeof hook !== 'function')
    throw new ToolCallingOptionsError(
      'prepareRound',
      hook,
      'a function (input) => RoundPreparation | undefined',
    );
}
