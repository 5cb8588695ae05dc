import type {
  ChatCompletionContentPart,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';
import type { ToolResponse } from '../../chat/model/messages';
import {
  byteSize,
  filenameOf,
  mediaNote,
  mediaUrl,
  richContent,
  toModelParts,
  type ModelMedia,
  type ModelPart,
} from '../tool-result.content';

const AUDIO_FORMATS = new Map<string, 'wav' | 'mp3'>([
  ['audio/wav', 'wav'],
  ['audio/x-wav', 'wav'],
  ['audio/wave', 'wav'],
  ['audio/mpeg', 'mp3'],
  ['audio/mp3', 'mp3'],
]);

/**
 * A tool result as a `tool` message. Chat Completions takes only text there: a result of parts sends its text
 * parts, a marker where each image, audio or file part was (that media follows in a user message, see
 * `toOpenAiResultMedia`), and a note for media Chat Completions cannot take at all. Never base64 as text.
 */
export function toOpenAiToolMessage(response: ToolResponse): ChatCompletionToolMessageParam {
  const content = richContent(response);
  return {
    role: 'tool',
    tool_call_id: response.id,
    content: content ? toModelParts(content).map(textOf).join('\n') : response.result,
  };
}

/**
 * The media of the results of one model message, in one user message right after their tool messages: for each
 * result with media, a text part naming the tool and the call, then its `image_url`, `input_audio` (WAV, MP3) and
 * `file` parts. No message when no result has media.
 */
export function toOpenAiResultMedia(responses: readonly ToolResponse[]): ChatCompletionUserMessageParam[] {
  const content: ChatCompletionContentPart[] = [];
  for (const response of responses) {
    const parts = richContent(response);
    const media = parts ? toModelParts(parts).flatMap(toMediaPart) : [];
    if (media.length === 0) continue;
    content.push({
      type: 'text',
      text: `The result of tool "${response.name}" (call ${response.id}) attached:`,
    });
    content.push(...media);
  }
  return content.length > 0 ? [{ role: 'user', content }] : [];
}

function textOf(part: ModelPart): string {
  if (part.type === 'text') return part.text;
  const why = whyNot(part);
  if (why) return mediaNote(part, why);
  const size = part.data !== undefined ? `, ${byteSize(part.data)} bytes` : '';
  return `[${part.type} (${part.mediaType}${size}): attached in the user message after the tool results]`;
}

function toMediaPart(part: ModelPart): ChatCompletionContentPart[] {
  if (part.type === 'text' || whyNot(part)) return [];
  if (part.type === 'image') return [{ type: 'image_url', image_url: { url: mediaUrl(part) } }];
  const format = AUDIO_FORMATS.get(part.mediaType);
  if (part.type === 'audio' && part.data !== undefined && format) {
    return [{ type: 'input_audio', input_audio: { data: part.data, format } }];
  }
  return [{ type: 'file', file: { file_data: mediaUrl(part), filename: filenameOf(part) } }];
}

/** Why Chat Completions cannot take this media even in a user message; `undefined` when it can. */
function whyNot(part: ModelMedia): string | undefined {
  if (part.type === 'audio' && (part.data === undefined || !AUDIO_FORMATS.has(part.mediaType))) {
    return 'Chat Completions takes WAV and MP3 audio only';
  }
  if (part.type === 'file' && part.data === undefined) return 'Chat Completions takes files only inline';
  return undefined;
}
