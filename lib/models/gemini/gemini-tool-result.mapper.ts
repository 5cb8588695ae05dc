import type { FunctionResponsePart, Part } from '@google/genai';
import type { ToolResponse } from '../../chat/model/messages';
import {
  byteSize,
  mediaNote,
  richContent,
  toModelParts,
  type ModelMedia,
  type ModelPart,
} from '../tool-result.content';

/** What Gemini takes inside a function response (`functionResponse.parts`), inline. */
const FUNCTION_RESPONSE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
  'text/plain',
]);

/** Whether media go inside function responses, which Gemini 3 and later models accept. */
export type GeminiResultMedia = 'function-response' | 'user-content';

/** How the results of one request are written: with ids (where Gemini gave them), media inside or after. */
export interface GeminiResultMapping {
  readonly givenIds: ReadonlySet<string>;
  readonly media: GeminiResultMedia;
}

/**
 * A tool result as a `functionResponse` part: `{ output }` (or `{ error }`) with its text. For a result of parts
 * the text is that of its text parts, with a marker where a media part was; PNG, JPEG and WebP images, PDFs and plain
 * text go inside as `parts` of inline data (when `media` is `function-response`), other media after the function
 * responses (`toGeminiResultMedia`).
 */
export function toGeminiFunctionResponse(response: ToolResponse, mapping: GeminiResultMapping): Part {
  const content = richContent(response);
  const parts = content ? toModelParts(content) : [];
  const text = content ? parts.map((part) => textOf(part, mapping.media)).join('\n') : response.result;
  const inside = parts.flatMap((part): FunctionResponsePart[] =>
    part.type !== 'text' && part.data !== undefined && where(part, mapping.media) === 'inside'
      ? [{ inlineData: { mimeType: part.mediaType, data: part.data } }]
      : [],
  );
  return {
    functionResponse: {
      ...(mapping.givenIds.has(response.id) ? { id: response.id } : {}),
      name: response.name,
      response: response.isError ? { error: text } : { output: text },
      ...(inside.length > 0 ? { parts: inside } : {}),
    },
  };
}

/**
 * The media of results that cannot go inside their function response, as parts of the same user turn after the
 * function responses: for each result, a text part naming the tool and the call, then `inlineData` or `fileData`
 * (a URL) parts.
 */
export function toGeminiResultMedia(responses: readonly ToolResponse[], media: GeminiResultMedia): Part[] {
  const after: Part[] = [];
  for (const response of responses) {
    const content = richContent(response);
    const parts = (content ? toModelParts(content) : []).flatMap((part): Part[] => {
      if (part.type === 'text' || where(part, media) !== 'after') return [];
      return [
        part.data !== undefined
          ? { inlineData: { mimeType: part.mediaType, data: part.data } }
          : { fileData: { fileUri: part.url, mimeType: part.mediaType } },
      ];
    });
    if (parts.length === 0) continue;
    after.push({ text: `The result of tool "${response.name}" (call ${response.id}) attached:` }, ...parts);
  }
  return after;
}

function where(part: ModelMedia, media: GeminiResultMedia): 'inside' | 'after' | 'nowhere' {
  if (
    media === 'function-response' &&
    part.data !== undefined &&
    FUNCTION_RESPONSE_TYPES.has(part.mediaType)
  ) {
    return 'inside';
  }
  return /^(image|audio|video|text)\//.test(part.mediaType) || part.mediaType === 'application/pdf'
    ? 'after'
    : 'nowhere';
}

function textOf(part: ModelPart, media: GeminiResultMedia): string {
  if (part.type === 'text') return part.text;
  const place = where(part, media);
  if (place === 'nowhere') return mediaNote(part, 'Gemini takes images, audio, video, PDFs and text only');
  const size = part.data !== undefined ? `, ${byteSize(part.data)} bytes` : '';
  return place === 'inside'
    ? `[${part.type} (${part.mediaType}${size}): attached to this function response]`
    : `[${part.type} (${part.mediaType}${size}): attached after the function responses]`;
}
