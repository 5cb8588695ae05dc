import type { ResponseFunctionCallOutputItem, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ToolResponse } from '../../chat/model/messages';
import {
  filenameOf,
  mediaNote,
  mediaUrl,
  richContent,
  toModelParts,
  type ModelPart,
} from '../tool-result.content';

/**
 * A tool result as a `function_call_output` item: its text, or, for a result of parts, a list of `input_text`,
 * `input_image` (a `data:` or `https:` URL) and `input_file` (`file_data` or `file_url`) items. The Responses API
 * takes no audio there: audio becomes an `input_text` note naming its media type and size.
 */
export function toResponsesToolOutput(response: ToolResponse): ResponseInputItem.FunctionCallOutput {
  const content = richContent(response);
  const items = content ? toModelParts(content).flatMap(toOutputItem) : [];
  return {
    type: 'function_call_output',
    call_id: response.id,
    output: items.length > 0 ? items : response.result,
  };
}

function toOutputItem(part: ModelPart): ResponseFunctionCallOutputItem[] {
  switch (part.type) {
    case 'text':
      return part.text ? [{ type: 'input_text', text: part.text }] : [];
    case 'image':
      return [{ type: 'input_image', image_url: mediaUrl(part) }];
    case 'file':
      return [
        part.data !== undefined
          ? { type: 'input_file', file_data: mediaUrl(part), filename: filenameOf(part) }
          : { type: 'input_file', file_url: part.url, ...(part.filename ? { filename: part.filename } : {}) },
      ];
    case 'audio':
      return [
        { type: 'input_text', text: mediaNote(part, 'the Responses API takes no audio in tool output') },
      ];
  }
}
