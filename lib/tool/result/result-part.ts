import type {
  AudioPart,
  FilePart,
  ImagePart,
  ResourceLinkPart,
  ResourcePart,
  TextPart,
} from './tool-result-part';

/** The bytes of a part: a `Buffer`/`Uint8Array`, or base64 text. */
export type ResultPartBytes = Uint8Array | string;

/** Base64 of bytes; a string is taken as base64 already. */
function base64(bytes: ResultPartBytes): string {
  return typeof bytes === 'string'
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Small, typed constructors of the parts of a `ToolResult`. Bytes are a `Buffer`/`Uint8Array`, or base64 text. */
export const ResultPart = {
  /** Text the model reads. */
  text(text: string): TextPart {
    return { type: 'text', text };
  },
  /** An image from its bytes. */
  image(bytes: ResultPartBytes, mediaType: string): ImagePart {
    return { type: 'image', mediaType, data: base64(bytes) };
  },
  /** An image at a URL. */
  imageUrl(url: string | URL, mediaType: string): ImagePart {
    return { type: 'image', mediaType, url: String(url) };
  },
  /** A sound from its bytes. */
  audio(bytes: ResultPartBytes, mediaType: string): AudioPart {
    return { type: 'audio', mediaType, data: base64(bytes) };
  },
  /** A file (a PDF, a CSV…) from its bytes. */
  file(bytes: ResultPartBytes, mediaType: string, filename?: string): FilePart {
    return filename === undefined
      ? { type: 'file', mediaType, data: base64(bytes) }
      : { type: 'file', mediaType, data: base64(bytes), filename };
  },
  /** A file at a URL. */
  fileUrl(url: string | URL, mediaType: string, filename?: string): FilePart {
    return filename === undefined
      ? { type: 'file', mediaType, url: String(url) }
      : { type: 'file', mediaType, url: String(url), filename };
  },
  /** A link to a resource (MCP's `resource_link`). */
  resourceLink(link: Omit<ResourceLinkPart, 'type'>): ResourceLinkPart {
    return { type: 'resource-link', ...link };
  },
  /** An embedded resource with its text. */
  resourceText(uri: string, text: string, mediaType?: string): ResourcePart {
    return mediaType === undefined
      ? { type: 'resource', uri, text }
      : { type: 'resource', uri, text, mediaType };
  },
  /** An embedded resource with its bytes. */
  resourceBytes(uri: string, bytes: ResultPartBytes, mediaType?: string): ResourcePart {
    return mediaType === undefined
      ? { type: 'resource', uri, data: base64(bytes) }
      : { type: 'resource', uri, data: base64(bytes), mediaType };
  },
} as const;
