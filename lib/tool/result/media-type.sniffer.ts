/** The media types the default result converter recognises from the first bytes of a `Buffer`/`Uint8Array`. */
export type SniffedMediaType =
  'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf' | 'audio/wav' | 'audio/mpeg';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const RIFF = [0x52, 0x49, 0x46, 0x46];

/** The media type the bytes' signature ("magic number") says, or `undefined` when it is none of the known ones. */
export function sniffMediaType(bytes: Uint8Array): SniffedMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, RIFF) && startsWith(bytes, [0x57, 0x41, 0x56, 0x45], 8)) return 'audio/wav';
  // An ID3 tag, or an MPEG audio frame header (11 sync bits, layer III).
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return 'audio/mpeg';
  if (bytes.length > 1 && bytes[0] === 0xff && (bytes[1] & 0xe6) === 0xe2) return 'audio/mpeg';
  return undefined;
}
