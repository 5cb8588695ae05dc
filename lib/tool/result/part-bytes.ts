import type { ToolResultPart } from './tool-result-part';

/** The length of the bytes a base64 text encodes, without decoding it. */
export function base64ByteLength(base64: string): number {
  let padding = 0;
  if (base64.endsWith('==')) padding = 2;
  else if (base64.endsWith('=')) padding = 1;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/**
 * The bytes a part carries inline: an image's, a sound's, a file's or an embedded resource's (its text as UTF-8).
 * A text part, a link and media at a URL carry none: `maxResultChars` bounds text, the provider fetches URLs.
 */
export function partBytes(part: ToolResultPart): number {
  switch (part.type) {
    case 'text':
    case 'resource-link':
      return 0;
    case 'resource':
      return part.data !== undefined ? base64ByteLength(part.data) : Buffer.byteLength(part.text, 'utf8');
    default:
      return part.data !== undefined ? base64ByteLength(part.data) : 0;
  }
}

/** The bytes all the parts carry inline (see `partBytes`). */
export function mediaBytes(parts: readonly ToolResultPart[]): number {
  let total = 0;
  for (const part of parts) total += partBytes(part);
  return total;
}
