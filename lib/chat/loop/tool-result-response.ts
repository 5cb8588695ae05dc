import { ToolResultTooLargeError } from '../../errors/tool-result-too-large.error';
import { mediaBytes } from '../../tool/result/part-bytes';
import { ToolResult } from '../../tool/result/tool-result';
import type { TextPart, ToolResultPart } from '../../tool/result/tool-result-part';
import type { ToolCall, ToolResponse } from '../model/messages';

/**
 * The response of a call whose tool returned a `ToolResult`:
 * - `result` is `ToolResult.textOf(value)`: its text parts joined with a line break; with no text part, the JSON of
 *   its structured content (what MCP asks a server to send beside it), else `''`;
 * - `content` is every part, in order, when one is more than text (absent for text only, so that such a result is
 *   sent exactly as a string would be); its text parts always join to `result` (the JSON text of the structured
 *   content comes first when it stands for the text);
 * - `structuredContent` is carried as is.
 *
 * Throws `ToolResultTooLargeError` when the inline bytes of the parts (and the JSON of the structured content) pass
 * `maxBytes`.
 */
export function richToolResponse(call: ToolCall, value: ToolResult, maxBytes: number): ToolResponse {
  const { parts, structuredContent } = value;
  const structuredJson = structuredContent === undefined ? undefined : JSON.stringify(structuredContent);
  const bytes = mediaBytes(parts) + (structuredJson === undefined ? 0 : Buffer.byteLength(structuredJson));
  if (bytes > maxBytes) throw new ToolResultTooLargeError(call.name, bytes, maxBytes);
  let hasText = false;
  let media = false;
  for (const part of parts) {
    if (part.type === 'text') hasText = true;
    else media = true;
  }
  let content: readonly ToolResultPart[] = parts;
  if (!hasText && media && structuredJson !== undefined)
    content = [{ type: 'text', text: structuredJson } satisfies TextPart, ...parts];
  return {
    id: call.id,
    name: call.name,
    result: ToolResult.textOf(value),
    isError: false,
    ...(media && { content }),
    ...(structuredContent !== undefined && { structuredContent }),
  };
}

/**
 * The content with its text parts replaced by `text` (a result cut to `maxResultChars`): in the place of the first
 * text part, so that the text parts still join to the response's `result`.
 */
export function withText(content: readonly ToolResultPart[], text: string): readonly ToolResultPart[] {
  const result: ToolResultPart[] = [];
  let placed = false;
  for (const part of content) {
    if (part.type !== 'text') result.push(part);
    else if (!placed) {
      placed = true;
      result.push({ type: 'text', text });
    }
  }
  if (!placed) result.unshift({ type: 'text', text });
  return result;
}
