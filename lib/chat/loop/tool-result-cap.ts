import { ChatMessages } from '../../errors/messages/chat.messages';
import type { ToolCall, ToolResponse } from '../model/messages';
import type { ToolCallEvent } from './tool-execution-result';
import { withText } from './tool-result-response';

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

/**
 * The response with its text cut to `maxChars`, reported as a `tool-result-truncated` event when it was cut. Only the
 * text is cut: the media of its `content` are kept (they have their own limit, `limits.maxResultBytes`).
 */
export function capResponse(
  call: ToolCall,
  response: ToolResponse,
  maxChars: number,
  round: number,
  onEvent: ((event: ToolCallEvent) => void) | undefined,
): ToolResponse {
  const result = capResultText(response.result, maxChars);
  if (result === undefined) return response;
  onEvent?.({
    type: 'tool-result-truncated',
    round,
    toolCall: call,
    resultChars: response.result.length,
    maxResultChars: maxChars,
  });
  return response.content === undefined
    ? { ...response, result }
    : { ...response, result, content: withText(response.content, result) };
}
