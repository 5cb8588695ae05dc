import { allDone } from './concurrent-calls';

/** What `runDirect` needs of its round (`ToolRound`). */
export interface DirectRound {
  /** Checks the abort, reports the call's start and calls its tool: its text, or a promise of it. */
  startCall(index: number): string | Promise<string>;
  settleText(index: number, result: string): void;
  settleLater(index: number, result: Promise<string>): Promise<void>;
  runOne(index: number): Promise<void>;
}

/**
 * Runs calls `[start, end)` of a round whose tools are library callbacks with nothing around them (`isDirect`).
 * Each starts in order, as `runConcurrently` would start it. When all answer synchronously, as most do, they are
 * settled at once, with no promise at all (about a tenth of a conversation's CPU on three calls). From the first
 * call that does not (it returned a promise, or failed), the calls after it start as `runConcurrently` starts
 * them, and those that answered before it are settled after these starts. Either way the events come in the
 * order they come in with a promise chain per call: every start, then the results of the calls that answered
 * synchronously in call order, then the others as they settle.
 */
export function runDirect(round: DirectRound, start: number, end: number): Promise<void> | undefined {
  const texts: string[] = [];
  for (let index = start; index < end; index++) {
    const result = round.startCall(index);
    if (typeof result === 'string') {
      texts.push(result);
      continue;
    }
    const rest = [round.settleLater(index, result)];
    for (let next = index + 1; next < end; next++) rest.push(round.runOne(next));
    settleTexts(round, start, texts);
    return allDone(rest);
  }
  settleTexts(round, start, texts);
  return undefined;
}

function settleTexts(round: DirectRound, start: number, texts: readonly string[]): void {
  for (let i = 0; i < texts.length; i++) round.settleText(start + i, texts[i]);
}
