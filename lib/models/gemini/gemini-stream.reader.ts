import type { GenerateContentResponse } from '@google/genai';
import type { ChatResponseChunk } from '../../chat/model/chat-model';
import type { Usage } from '../../chat/model/chat-response';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, type ModelEndpoint } from '../../errors/messages/models.messages';
import {
  GeminiPartsReader,
  geminiFinishReason,
  geminiMetadata,
  geminiUsage,
  noCandidateError,
} from './gemini-response.mapper';

/**
 * Reads the chunks of `generateContentStream` (first candidate) into the port's chunks. Gemini sends each function
 * call whole: one tool-call fragment per call, with its id, name and arguments. The last chunk carries the finish
 * reason and the usage; a stream that ends without a finish reason was cut.
 */
export async function* readGeminiStream(
  chunks: AsyncIterable<GenerateContentResponse>,
  endpoint: ModelEndpoint,
): AsyncGenerator<ChatResponseChunk> {
  const parts = new GeminiPartsReader();
  let finishReason: string | undefined;
  let finishMessage: string | undefined;
  let usage: Usage | undefined;
  let last: GenerateContentResponse | undefined;
  let sawCandidate = false;

  for await (const chunk of chunks) {
    last = chunk;
    if (chunk.usageMetadata) usage = geminiUsage(chunk.usageMetadata);
    const candidate = chunk.candidates?.[0];
    if (!candidate) {
      if (chunk.promptFeedback?.blockReason) throw noCandidateError(chunk, endpoint);
      continue;
    }
    sawCandidate = true;
    const before = parts.calls.length;
    const added = parts.add(candidate.content?.parts);
    if (added.text) yield { type: 'text-delta', text: added.text };
    for (const [offset, call] of added.calls.entries()) {
      yield {
        type: 'tool-call-delta',
        index: before + offset,
        id: call.id,
        name: call.name,
        ...(call.arguments ? { argumentsDelta: call.arguments } : {}),
      };
    }
    if (candidate.finishReason) {
      finishReason = candidate.finishReason;
      finishMessage = candidate.finishMessage;
    }
  }

  if (finishReason === undefined) {
    if (!sawCandidate && last) throw noCandidateError(last, endpoint);
    throw new ChatModelResponseError(
      endpoint.provider,
      ModelMessages.streamCut(endpoint, 'no chunk carried a finishReason'),
    );
  }
  const messageMetadata = parts.messageMetadata();
  yield {
    type: 'finish',
    finishReason: geminiFinishReason(finishReason, parts.calls.length > 0),
    usage,
    metadata: geminiMetadata(last ?? {}, finishReason, finishMessage),
    ...(messageMetadata ? { messageMetadata } : {}),
  };
}
