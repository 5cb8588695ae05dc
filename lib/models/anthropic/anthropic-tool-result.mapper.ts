import type {
  Base64ImageSource,
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ToolResponse } from '../../chat/model/messages';
import {
  mediaNote,
  richContent,
  toModelParts,
  type ModelMedia,
  type ModelPart,
} from '../tool-result.content';

type ResultBlock = TextBlockParam | ImageBlockParam | DocumentBlockParam;

const IMAGE_TYPES: ReadonlySet<string> = new Set<Base64ImageSource['media_type']>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

/**
 * A tool result as a `tool_result` block: its text, or, for a result of parts, `text`, `image` (base64 or URL) and
 * `document` blocks (a PDF as base64 or URL, inline text files as plain-text documents). What Anthropic does not take
 * in a tool result (audio, other image and file types) becomes a text note naming its media type and size.
 */
export function toAnthropicToolResult(response: ToolResponse): ToolResultBlockParam {
  const content = richContent(response);
  const blocks = content ? toModelParts(content).flatMap(toBlock) : [];
  return {
    type: 'tool_result',
    tool_use_id: response.id,
    content: blocks.length > 0 ? blocks : response.result,
    ...(response.isError ? { is_error: true } : {}),
  };
}

function toBlock(part: ModelPart): ResultBlock[] {
  if (part.type === 'text') return part.text ? [{ type: 'text', text: part.text }] : [];
  if (part.type === 'image' && IMAGE_TYPES.has(part.mediaType)) return [image(part)];
  if (part.type === 'file') {
    const document = toDocument(part);
    if (document) return [document];
  }
  return [{ type: 'text', text: mediaNote(part, whyNot(part)) }];
}

function image(part: ModelMedia): ImageBlockParam {
  return {
    type: 'image',
    source:
      part.data !== undefined
        ? { type: 'base64', media_type: part.mediaType as Base64ImageSource['media_type'], data: part.data }
        : { type: 'url', url: part.url },
  };
}

function toDocument(part: ModelMedia): DocumentBlockParam | undefined {
  const title = part.filename === undefined ? {} : { title: part.filename };
  if (part.mediaType === 'application/pdf') {
    const source =
      part.data !== undefined
        ? { type: 'base64' as const, media_type: 'application/pdf' as const, data: part.data }
        : { type: 'url' as const, url: part.url };
    return { type: 'document', source, ...title };
  }
  if (part.mediaType.startsWith('text/') && part.data !== undefined) {
    const text = Buffer.from(part.data, 'base64').toString('utf8');
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, ...title };
  }
  return undefined;
}

function whyNot(part: ModelMedia): string {
  if (part.type === 'audio') return 'Anthropic takes no audio';
  if (part.type === 'image') return 'Anthropic takes JPEG, PNG, GIF and WebP images';
  return 'Anthropic takes PDF documents, and plain-text documents given inline';
}
