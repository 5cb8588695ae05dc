import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import { LoopSteeringMessages } from '../../errors/messages/loop-steering.messages';
import { toolResponseMessage, type Message, type ToolResponse } from '../model/messages';

/**
 * Old tool results beyond a budget are sent to the model as a marker naming the tool and the call, so that a long
 * run does not overflow the model's context. Only the requests change: the call's history, its `toolExecutions`
 * and chat memory keep every result whole.
 */
export interface ToolResultElision {
  /**
   * How much of the earlier rounds' tool results each model request carries at most, newest first: in characters,
   * or in the unit of `measure`. The results of the latest round are always sent whole.
   */
  readonly budget: number;
  /** The size of a result's text; default: its length in characters. For tokens, a tokenizer's count. */
  readonly measure?: (text: string) => number;
}

/** Refuses a budget that cannot work. */
export function assertToolResultElision(elision: ToolResultElision): void {
  const budget = elision?.budget;
  if (typeof budget !== 'number' || !(budget >= 0) || budget === Infinity)
    throw new ToolCallingOptionsError('elideToolResults.budget', budget, 'a finite number ≥ 0');
  if (elision.measure !== undefined && typeof elision.measure !== 'function')
    throw new ToolCallingOptionsError(
      'elideToolResults.measure',
      elision.measure,
      'a function (text) => number',
    );
}

/** The messages with the results beyond the budget elided; the same array when none is. */
export function elideToolResults(
  messages: readonly Message[],
  elision: ToolResultElision,
): { readonly messages: readonly Message[]; readonly elided: number } {
  let latest = messages.length - 1;
  while (latest >= 0 && messages[latest].role !== 'tool') latest--;
  const measure = elision.measure;
  let left = elision.budget;
  let over = false;
  let elided = 0;
  let copy: Message[] | undefined;
  for (let i = latest - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role !== 'tool') continue;
    const responses = message.responses;
    let kept: ToolResponse[] | undefined;
    for (let j = responses.length - 1; j >= 0; j--) {
      const response = responses[j];
      const text = response.result;
      if (!over) {
        const size = measure === undefined ? text.length : measure(text);
        if (size <= left) {
          left -= size;
          continue;
        }
        over = true;
      }
      const marker = LoopSteeringMessages.elidedToolResult(response.name, response.id, text.length);
      if (text.length <= marker.length && response.content === undefined) continue;
      kept ??= responses.slice();
      kept[j] = { id: response.id, name: response.name, result: marker, isError: response.isError };
      elided++;
    }
    if (kept !== undefined) (copy ??= messages.slice())[i] = toolResponseMessage(kept);
  }
  return { messages: copy ?? messages, elided };
}
