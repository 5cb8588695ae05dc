import { randomUUID } from 'node:crypto';
import type { GenerateContentResponse, GenerateContentResponseUsageMetadata, Part } from '@google/genai';
import type { ChatResponse, FinishReason, Usage } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import { describeEndpoint, type ModelEndpoint } from '../../errors/messages/models.messages';
import { toolArgumentsText } from '../tool-arguments.text';
import { GEMINI_METADATA_KEY, type GeminiMessageState } from './gemini-content.mapper';

/** What the parts of a candidate hold: the answer's text, the calls, and what Gemini wants back with them. */
export class GeminiPartsReader {
  text = '';
  readonly calls: ToolCall[] = [];
  readonly #callIds: string[] = [];
  readonly #signatures: Record<string, string> = {};
  #textSignature: string | undefined;

  /** Takes the parts of one response (or stream chunk); returns the text and calls they added. */
  add(parts: readonly Part[] | undefined): { text: string; calls: ToolCall[] } {
    let text = '';
    const calls: ToolCall[] = [];
    for (const part of parts ?? []) {
      if (part.functionCall) {
        const given = part.functionCall.id || undefined;
        const call: ToolCall = {
          id: given ?? `call_${randomUUID().replace(/-/g, '')}`,
          name: part.functionCall.name ?? '',
          arguments: toolArgumentsText(part.functionCall.args ?? {}),
        };
        if (given) this.#callIds.push(given);
        if (part.thoughtSignature) this.#signatures[call.id] = part.thoughtSignature;
        calls.push(call);
      } else if (typeof part.text === 'string' && !part.thought) {
        text += part.text;
        if (part.thoughtSignature) this.#textSignature = part.thoughtSignature;
      } else if (part.thought && part.thoughtSignature) {
        this.#textSignature ??= part.thoughtSignature;
      }
    }
    this.text += text;
    this.calls.push(...calls);
    return { text, calls };
  }

  /** The message metadata to keep, or `undefined` when Gemini gave neither ids nor signatures. */
  messageMetadata(): Readonly<Record<string, unknown>> | undefined {
    const state: GeminiMessageState = {
      ...(this.#callIds.length > 0 ? { callIds: [...this.#callIds] } : {}),
      ...(Object.keys(this.#signatures).length > 0 ? { signatures: { ...this.#signatures } } : {}),
      ...(this.#textSignature ? { textSignature: this.#textSignature } : {}),
    };
    return Object.keys(state).length > 0 ? { [GEMINI_METADATA_KEY]: state } : undefined;
  }
}

/** The first candidate of a Gemini response as a `ChatResponse`. */
export function fromGeminiResponse(response: GenerateContentResponse, endpoint: ModelEndpoint): ChatResponse {
  const candidate = response.candidates?.[0];
  if (!candidate) throw noCandidateError(response, endpoint);
  const parts = new GeminiPartsReader();
  parts.add(candidate.content?.parts);
  const metadata = parts.messageMetadata();
  return {
    message: {
      role: 'assistant',
      content: parts.text,
      toolCalls: parts.calls,
      ...(metadata ? { metadata } : {}),
    },
    finishReason: geminiFinishReason(candidate.finishReason, parts.calls.length > 0),
    usage: geminiUsage(response.usageMetadata),
    metadata: geminiMetadata(response, candidate.finishReason, candidate.finishMessage),
  };
}

/** The error of a response without any candidate: a blocked prompt says why. */
export function noCandidateError(
  response: GenerateContentResponse,
  endpoint: ModelEndpoint,
): ChatModelResponseError {
  const where = describeEndpoint(endpoint);
  const blocked = response.promptFeedback?.blockReason;
  return new ChatModelResponseError(
    endpoint.provider,
    blocked
      ? ProviderAdapterMessages.geminiBlocked(where, blocked)
      : ProviderAdapterMessages.noCandidates(where),
  );
}

/** Gemini says `STOP` when it asks for tools too: with calls present, that is `tool_calls`. */
export function geminiFinishReason(reason: string | undefined, hasToolCalls: boolean): FinishReason {
  switch (reason) {
    case 'STOP':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'MAX_TOKENS':
      return 'length';
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
    case 'IMAGE_PROHIBITED_CONTENT':
      return 'content_filter';
    default:
      return hasToolCalls ? 'tool_calls' : 'other';
  }
}

/** Gemini's usage metadata as the port's usage; no metadata at all is `undefined`. */
export function geminiUsage(usage: GenerateContentResponseUsageMetadata | undefined): Usage | undefined {
  if (!usage) return undefined;
  const promptTokens = count(usage.promptTokenCount);
  const completionTokens = count(usage.candidatesTokenCount) + count(usage.thoughtsTokenCount);
  return {
    promptTokens,
    completionTokens,
    totalTokens: count(usage.totalTokenCount) || promptTokens + completionTokens,
  };
}

/** The response metadata: id, model version and Gemini's own finish reason. */
export function geminiMetadata(
  response: Pick<GenerateContentResponse, 'responseId' | 'modelVersion'>,
  finishReason: string | undefined,
  finishMessage?: string,
): Record<string, unknown> {
  return {
    ...(response.responseId ? { id: response.responseId } : {}),
    ...(response.modelVersion ? { model: response.modelVersion } : {}),
    finishReason: finishReason ?? null,
    ...(finishMessage ? { finishMessage } : {}),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
