import type { ToolResponse } from '../chat/model/messages';
import type { ResourcePart, ToolResultPart } from '../tool/result/tool-result-part';

/** A media part as an adapter sends it: its kind, media type, and inline base64 bytes or a URL. */
export type ModelMedia = {
  readonly type: 'image' | 'audio' | 'file';
  readonly mediaType: string;
  readonly filename?: string;
} & (
  { readonly data: string; readonly url?: undefined } | { readonly url: string; readonly data?: undefined }
);

/** A part of a tool result as every adapter sees it: text, or media. */
export type ModelPart = { readonly type: 'text'; readonly text: string } | ModelMedia;

/** The parts of a result that has them (`content`, not empty); `undefined` for a string result. */
export function richContent(response: ToolResponse): readonly ToolResultPart[] | undefined {
  return response.content !== undefined && response.content.length > 0 ? response.content : undefined;
}

/**
 * The parts as the model gets them, whatever the provider: a resource link becomes a line of text naming it, an
 * embedded text resource its text (under its URI), an embedded binary resource the image, audio or file its media
 * type says (text types decoded to text), and a `data:` URL inline bytes.
 */
export function toModelParts(content: readonly ToolResultPart[]): ModelPart[] {
  return content.map((part): ModelPart => {
    switch (part.type) {
      case 'text':
        return part;
      case 'resource-link':
        return {
          type: 'text',
          text:
            `Resource "${part.name}": ${part.uri}${part.mediaType ? ` (${part.mediaType})` : ''}` +
            (part.description ? ` - ${part.description}` : ''),
        };
      case 'resource':
        return fromResource(part);
      case 'audio':
        return { type: 'audio', mediaType: part.mediaType, data: part.data };
      default:
        return media(
          part.type,
          part.mediaType,
          part.data,
          part.url,
          part.type === 'file' ? part.filename : undefined,
        );
    }
  });
}

function fromResource(part: ResourcePart): ModelPart {
  const mediaType = part.mediaType ?? (part.text !== undefined ? 'text/plain' : 'application/octet-stream');
  const header = `Resource ${part.uri} (${mediaType}):\n`;
  if (part.text !== undefined) return { type: 'text', text: header + part.text };
  if (isTextType(mediaType))
    return { type: 'text', text: header + Buffer.from(part.data, 'base64').toString('utf8') };
  const kind = mediaType.startsWith('image/') ? 'image' : mediaType.startsWith('audio/') ? 'audio' : 'file';
  return { type: kind, mediaType, data: part.data, filename: lastSegment(part.uri) };
}

function media(
  type: 'image' | 'file',
  mediaType: string,
  data: string | undefined,
  url: string | undefined,
  filename: string | undefined,
): ModelMedia {
  const named = filename === undefined ? {} : { filename };
  if (data !== undefined) return { type, mediaType, data, ...named };
  const inline = url === undefined ? undefined : fromDataUrl(url);
  return inline
    ? { type, mediaType: inline.mediaType ?? mediaType, data: inline.data, ...named }
    : { type, mediaType, url: url ?? '', ...named };
}

function fromDataUrl(url: string): { mediaType?: string; data: string } | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return undefined;
  const [, mediaType, parameters, body] = match;
  const data = /;base64$/i.test(parameters)
    ? body
    : Buffer.from(percentDecoded(body), 'utf8').toString('base64');
  return mediaType ? { mediaType, data } : { data };
}

/** A data URL's text; a malformed escape is kept as it is rather than fail the request. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a media type is text a model can read as it is. */
export function isTextType(mediaType: string): boolean {
  return mediaType.startsWith('text/') || /^application\/([\w.+-]+\+)?(json|xml)$/.test(mediaType);
}

function lastSegment(uri: string): string | undefined {
  const segment = uri.split(/[?#]/)[0].split('/').pop();
  return segment ? segment : undefined;
}

/** The media's bytes as a `data:` URL, or its URL. */
export function mediaUrl(media: ModelMedia): string {
  return media.data !== undefined ? `data:${media.mediaType};base64,${media.data}` : media.url;
}

/** The size in bytes of base64 text. */
export function byteSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** What the model reads instead of media its provider does not take there: kind, media type, size or URL, why. */
export function mediaNote(media: ModelMedia, why: string): string {
  const name = media.filename === undefined ? '' : ` "${media.filename}"`;
  const where = media.data !== undefined ? `${byteSize(media.data)} bytes` : media.url;
  return `[${media.type}${name} (${media.mediaType}, ${where}) not shown: ${why}]`;
}

/** The file name a provider that wants one gets: the part's, else one made from the media type. */
export function filenameOf(media: ModelMedia): string {
  if (media.filename !== undefined) return media.filename;
  const subtype = media.mediaType.split('/')[1]?.split(/[+;]/)[0];
  return subtype ? `${media.type}.${subtype === 'plain' ? 'txt' : subtype}` : media.type;
}
