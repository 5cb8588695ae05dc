import type { CallToolResult } from '@modelcontextprotocol/client';
import { ResultPart } from '../../tool/result/result-part';
import { ToolResult } from '../../tool/result/tool-result';
import type { ToolResultPart } from '../../tool/result/tool-result-part';

type ContentBlock = CallToolResult['content'][number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function blocksOf(result: CallToolResult): readonly ContentBlock[] {
  return Array.isArray(result.content) ? result.content : [];
}

/**
 * What a model receives for an MCP tool result. Text only (and no structured content): the text, as a string, as
 * always. Anything more: a `ToolResult` whose parts are the server's blocks (an image stays an image, audio audio, a
 * resource link or an embedded resource the same), with the server's `structuredContent`; structured content without
 * a block also becomes a text part of its JSON, so that the model reads it.
 */
export function mcpToolResult(result: CallToolResult): string | ToolResult {
  const blocks = blocksOf(result);
  const structured = isRecord(result.structuredContent) ? result.structuredContent : undefined;
  if (structured === undefined && blocks.every((block) => block.type === 'text'))
    return blocks.map((block) => (block as { text: string }).text).join('\n');
  const parts = blocks.map(partOf);
  const whole = ToolResult.of(...(parts.length > 0 ? parts : [JSON.stringify(structured)]));
  return structured === undefined ? whole : whole.withStructuredContent(structured);
}

/**
 * The text of a result the server marked as an error: its text blocks; otherwise (only images, resources…) a JSON
 * document `{ content, structuredContent }` that keeps every part.
 */
export function mcpResultText(result: CallToolResult): string {
  const content = blocksOf(result);
  const allText = content.length > 0 && content.every((block) => block.type === 'text');
  if (allText) return content.map((block) => (block as { text: string }).text).join('\n');
  if (content.length === 0 && result.structuredContent !== undefined)
    return JSON.stringify(result.structuredContent);
  if (content.length === 0) return '';
  return JSON.stringify({
    content,
    ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
  });
}

/** One content block as a part; a block of a kind this version does not know is kept as its JSON text. */
function partOf(block: ContentBlock): ToolResultPart {
  switch (block.type) {
    case 'text':
      return ResultPart.text(block.text);
    case 'image':
      return ResultPart.image(block.data, block.mimeType);
    case 'audio':
      return ResultPart.audio(block.data, block.mimeType);
    case 'resource_link':
      return ResultPart.resourceLink({
        uri: block.uri,
        name: block.name,
        ...(block.description !== undefined && { description: block.description }),
        ...(block.mimeType !== undefined && { mediaType: block.mimeType }),
      });
    case 'resource': {
      const { uri, mimeType } = block.resource;
      return 'text' in block.resource && typeof block.resource.text === 'string'
        ? ResultPart.resourceText(uri, block.resource.text, mimeType)
        : ResultPart.resourceBytes(uri, (block.resource as { blob: string }).blob, mimeType);
    }
    default:
      return ResultPart.text(JSON.stringify(block));
  }
}
