import { ChatMessages } from '../../errors/messages/chat.messages';

/**
 * The result text cut to `maxChars` characters, with a marker saying so that the model can read; `undefined` when
 * it fits. The cut never splits a surrogate pair.
 */
export function capResultText(result: string, maxChars: number): string | undefined {
  if (result.length <= maxChars) return undefined;
  let end = maxChars;
  const last = result.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return result.slice(0, end) + ChatMessages.toolResultTruncated(end, result.length);
}
