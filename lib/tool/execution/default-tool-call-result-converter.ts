import { ToolResultConversionError } from '../../errors/tool-result-conversion.error';
import type { ToolCallResultConverter } from './tool-call-result-converter';

const DONE = 'Done';

/**
 * `undefined` (a void tool) → `"Done"`; a string → itself; a `Buffer`/`Uint8Array` → `{ mimeType, data }` with the
 * bytes in base64; anything else → JSON, in which a `Map` becomes an object (or `[key, value]` pairs when a key is not
 * a string) and a `Set` an array. A value JSON cannot represent is a `ToolResultConversionError`.
 */
export class DefaultToolCallResultConverter implements ToolCallResultConverter {
  /** The text for the model, by the rules above; throws `ToolResultConversionError` for a value JSON cannot hold. */
  convert(result: unknown, toolName: string): string {
    if (result === undefined) return DONE;
    if (typeof result === 'string') return result;
    if (result instanceof Uint8Array) {
      return JSON.stringify({
        mimeType: sniffMimeType(result),
        data: Buffer.from(result).toString('base64'),
      });
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(result);
      // A Map or a Set serialises as "{}": only then is the slower pass with a replacer worth it.
      if (json !== undefined && json.includes('{}')) json = JSON.stringify(result, collectionsAsJson);
    } catch (error) {
      throw new ToolResultConversionError(toolName, error);
    }
    if (json === undefined) {
      throw new ToolResultConversionError(
        toolName,
        new TypeError(`a ${typeof result} has no JSON representation`),
      );
    }
    return json;
  }
}

function collectionsAsJson(_key: string, value: unknown): unknown {
  if (value instanceof Map) {
    const entries = [...value.entries()];
    return entries.every(([key]) => typeof key === 'string') ? Object.fromEntries(entries) : entries;
  }
  return value instanceof Set ? [...value] : value;
}

export const DEFAULT_RESULT_CONVERTER: ToolCallResultConverter = new DefaultToolCallResultConverter();

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function sniffMimeType(bytes: Uint8Array): string {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return 'application/octet-stream';
}
