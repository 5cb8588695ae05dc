import type { GoogleGenAI } from '@google/genai';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import { ProviderChatModel, type ProviderWire } from '../provider-chat-model';
import type { GeminiChatModelSettings } from './gemini-chat-model.settings';
import { connectGemini } from './gemini-client.factory';
import { toGeminiRequest } from './gemini-request.mapper';
import { fromGeminiResponse } from './gemini-response.mapper';
import { openGeminiStream } from './gemini-stream.opener';
import { readGeminiStream } from './gemini-stream.reader';

function generateContentWire(
  client: GoogleGenAI,
  settings: GeminiChatModelSettings,
  timeoutMs: number | undefined,
): ProviderWire<GenerateContentParameters, GenerateContentResponse, GenerateContentResponse> {
  const withSignal = (request: GenerateContentParameters, signal: AbortSignal | undefined) => ({
    ...request,
    config: { ...request.config, abortSignal: signal },
  });
  return {
    request: (prompt, options) => toGeminiRequest(prompt, options, settings.model, settings.toolResultMedia),
    model: (request) => request.model,
    send: (request, signal) => client.models.generateContent(withSignal(request, signal)),
    read: (response, _request, endpoint) => fromGeminiResponse(response, endpoint),
    open: (request, signal) => openGeminiStream(client, request, signal, timeoutMs),
    readStream: (chunks, _request, endpoint) => readGeminiStream(chunks, endpoint),
  };
}

/**
 * A `ChatModel` for Google's Gemini API, through the official `@google/genai` SDK, loaded when the model is created:
 * tools as `functionDeclarations` (their schemas adapted to Gemini's dialect once per schema), calls and results as
 * `functionCall` / `functionResponse` parts, failed calls sent back as `{ error }`. Thought signatures travel in the
 * assistant messages' metadata. Errors become `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class GeminiChatModel extends ProviderChatModel {
  /** `gen_ai.provider.name` of the requests (the conventions' name for the Gemini API). */
  readonly providerName = 'gcp.gemini';

  /**
   * @param settings - the model and how to reach it; `client`: your own configured `GoogleGenAI` client (Vertex AI,
   * a custom `fetch`, its own retry options…), used instead of one built from `apiKey`, `baseURL`, `apiVersion`,
   * `headers`, `timeoutMs` and `maxRetries`, which are then ignored.
   */
  constructor(settings: GeminiChatModelSettings & { readonly client?: GoogleGenAI }) {
    const connection = connectGemini(settings);
    super(settings, connection, generateContentWire(connection.client, settings, connection.timeoutMs));
  }
}
