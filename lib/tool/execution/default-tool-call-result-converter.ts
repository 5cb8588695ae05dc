import { ToolResultConversionError } from '../../errors/tool-result-conversion.error';
import { sniffMediaType } from '../result/media-type.sniffer';
import { ResultPart } from '../result/result-part';
import { ToolResult } from '../result/tool-result';
import type { ToolCallResultConverter } from './tool-call-result-converter';

const DONE = 'Done';

/**
 * `undefined` (a void tool) → `"Done"`; a string → itself; a `ToolResult` → itself; a `Buffer`/`Uint8Array` whose
 * signature it recognises (PNG, JPEG, GIF, WebP → an image part; PDF → a file part; WAV, MP3 → an audio part) → a
 * `ToolResult` of that one part; other bytes → the JSON text `{ mimeType: "application/octet-stream", data }` with
 * the bytes in base64, as before (no provider takes unknown bytes in a tool result: a tool that knows what its bytes
 * are returns `ToolResult.of(ResultPart.file(bytes, mediaType))`); anything else → JSON, in which a `Map` becomes an
 * object (or `[key, value]` pairs when a key is not a string) and a `Set` an array. A value JSON cannot represent is a
 * `ToolResultConversionError`.
 */
export class DefaultToolCallResultConverter implements ToolCallResultConverter {
  /** The result for the model, by the rules above; throws `ToolResultConversionError` for a value JSON cannot hold. */
  convert(result: unknown, toolName: string): string | ToolResult {
    if (result === undefined) return DONE;
    if (typeof result === 'string') return result;
    if (result instanceof Uint8Array) return bytesResult(result);
    if (ToolResult.is(result)) return result;
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

/** Recognised bytes as a part of their kind; other bytes as the JSON text of earlier versions. */
function bytesResult(bytes: Uint8Array): string | ToolResult {
  const mediaType = sniffMediaType(bytes);
  if (mediaType === undefined) {
    return JSON.stringify({
      mimeType: 'application/octet-stream',
      data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    });
  }
  if (mediaType.startsWith('image/')) return ToolResult.of(ResultPart.image(bytes, mediaType));
  if (mediaType.startsWith('audio/')) return ToolResult.of(ResultPart.audio(bytes, mediaType));
  return ToolResult.of(ResultPart.file(bytes, mediaType));
}
