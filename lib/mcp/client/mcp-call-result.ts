import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type ContentBlock = CallToolResult['content'][number];

/**
 * The text a model receives for an MCP tool result: the text of the content when it is all text; otherwise (images,
 * audio, resources, or structured content without text) a JSON document `{ content, structuredContent }` that
 * keeps every part.
 */
export function mcpResultText(result: CallToolResult): string {
  const content: readonly ContentBlock[] = Array.isArray(result.content) ? result.content : [];
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
