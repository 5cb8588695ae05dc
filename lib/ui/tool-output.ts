import type { ToolResponse } from '../chat/model/messages';
import type { ToolResultPart } from '../tool/result/tool-result-part';

/**
 * What a frontend protocol receives as a tool's output: the result text when the tool returned a string; its parts
 * (images and files included) and structured JSON beside the text when it returned a `ToolResult`.
 */
export type UIToolOutput =
  | string
  | {
      /** The text the model read. */
      readonly text: string;
      /** The result's parts, in order. */
      readonly content?: readonly ToolResultPart[];
      /** The structured JSON the tool returned. */
      readonly structuredContent?: Readonly<Record<string, unknown>>;
    };

/** The output of a finished call. */
export function toolOutputOf(response: ToolResponse): UIToolOutput {
  const { content, structuredContent } = response;
  if (content === undefined && structuredContent === undefined) return response.result;
  return {
    text: response.result,
    ...(content !== undefined && { content }),
    ...(structuredContent !== undefined && { structuredContent }),
  };
}

/** A preliminary result of a running call (`tool-progress`). */
export function preliminaryOutputOf(preliminary: string | readonly ToolResultPart[]): UIToolOutput {
  if (typeof preliminary === 'string') return preliminary;
  const text = preliminary
    .filter((part): part is Extract<ToolResultPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('');
  return { text, content: preliminary };
}

/** A call's arguments as the model wrote them: parsed JSON, or the text itself when it is not JSON. */
export function toolInputOf(argumentsText: string): unknown {
  if (argumentsText === '') return {};
  try {
    return JSON.parse(argumentsText) as unknown;
  } catch {
    return argumentsText;
  }
}
