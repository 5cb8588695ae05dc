import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { ToolResponse } from '../../chat/model/messages';
import type { ToolResultPart } from '../../tool/result/tool-result-part';

/**
 * The MCP result of a tool's response: a string result is one text block, as it always was; a `ToolResult`'s parts
 * become content blocks of their own kind, and its structured JSON the result's `structuredContent`.
 */
export function mcpCallResultOf(response: ToolResponse): CallToolResult {
  const content =
    response.content === undefined
      ? [{ type: 'text' as const, text: response.result }]
      : response.content.map((part, index) => mcpBlockOf(part, index));
  const structured = response.structuredContent;
  // The spec asks a server with structured content to send its JSON as text too, for clients that read only text.
  if (content.length === 0 && structured !== undefined)
    content.push({ type: 'text', text: JSON.stringify(structured) });
  return {
    content,
    ...(structured !== undefined && { structuredContent: { ...structured } }),
    ...(response.isError && { isError: true }),
  };
}

/**
 * One part as an MCP content block. MCP has no block for a file nor for media at a URL: bytes of a file are an
 * embedded resource (`attachment:<filename>`), media at a URL a `resource_link` the client may fetch, and a `data:`
 * URL is decoded into the block of its kind.
 */
export function mcpBlockOf(part: ToolResultPart, index: number): ContentBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'audio':
      return { type: 'audio', data: part.data, mimeType: part.mediaType };
    case 'image': {
      const data = part.data ?? base64OfDataUrl(part.url);
      return data !== undefined
        ? { type: 'image', data, mimeType: part.mediaType }
        : linkTo(part.url!, nameOfUrl(part.url!, 'image'), part.mediaType);
    }
    case 'file': {
      const data = part.data ?? base64OfDataUrl(part.url);
      const name =
        part.filename ?? (part.url !== undefined ? nameOfUrl(part.url, 'file') : `file-${index + 1}`);
      if (data === undefined) return linkTo(part.url!, name, part.mediaType);
      return {
        type: 'resource',
        resource: { uri: `attachment:${encodeURIComponent(name)}`, mimeType: part.mediaType, blob: data },
      };
    }
    case 'resource-link':
      return {
        type: 'resource_link',
        uri: part.uri,
        name: part.name,
        ...(part.description !== undefined && { description: part.description }),
        ...(part.mediaType !== undefined && { mimeType: part.mediaType }),
      };
    case 'resource': {
      const mimeType = part.mediaType !== undefined ? { mimeType: part.mediaType } : {};
      return part.text !== undefined
        ? { type: 'resource', resource: { uri: part.uri, ...mimeType, text: part.text } }
        : { type: 'resource', resource: { uri: part.uri, ...mimeType, blob: part.data } };
    }
  }
}

function linkTo(uri: string, name: string, mimeType: string): ContentBlock {
  return { type: 'resource_link', uri, name, mimeType };
}

/** The base64 payload of a `data:…;base64,` URL; `undefined` for any other URL. */
function base64OfDataUrl(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith('data:')) return undefined;
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const payload = url.slice(comma + 1);
  return url.slice(0, comma).endsWith(';base64')
    ? payload
    : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
}

/** The last segment of a URL's path, or `fallback`. */
function nameOfUrl(url: string, fallback: string): string {
  try {
    const segment = new URL(url).pathname.split('/').pop();
    return segment ? decodeURIComponent(segment) : fallback;
  } catch {
    return fallback;
  }
}
