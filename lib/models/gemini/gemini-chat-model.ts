import type { GoogleGenAI } from '@google/genai';
import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import { mergeChatOptions } from '../../chat/model/merge-chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { GeminiChatModelSettings } from '../chat-model-settings';
import {
  runSdkCall,
  runSdkStream,
  SDK_DEFAULT_TIMEOUT_MS,
  type SdkRequestContext,
} from '../sdk-request.runner';
import { connectGemini } from './gemini-client.factory';
import { describeGeminiError, mapGeminiError } from './gemini-error.mapper';
import { toGeminiRequest } from './gemini-request.mapper';
import { fromGeminiResponse } from './gemini-response.mapper';
import { readGeminiStream } from './gemini-stream.reader';

/** The settings of a `GeminiChatModel`; `provider` may be left out. */
export type GeminiChatModelOptions = Omit<GeminiChatModelSettings, 'provider'> & {
  readonly provider?: 'gemini';
};

/** Gemini's SDK has no error classes of the OpenAI kind; its errors are read by `mapGeminiError`. */
const NO_CLASSES = class {} as unknown as abstract new (...args: any[]) => Error;

/**
 * A `ChatModel` for Google's Gemini API, through the official `@google/genai` SDK, loaded when the model is created:
 * tools as `functionDeclarations` (their schemas adapted to Gemini's dialect once per schema), calls and results as
 * `functionCall` / `functionResponse` parts, failed calls sent back as `{ error }`. Thought signatures travel in the
 * assistant messages' metadata. Errors become `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class GeminiChatModel implements ChatModel {
  readonly #client: GoogleGenAI;
  readonly #sdkContext: Omit<SdkRequestContext, 'endpoint'>;
  readonly #baseURL: string | undefined;
  readonly #settings: GeminiChatModelOptions;

  /** `gen_ai.provider.name` of the requests (the conventions' name for the Gemini API). */
  readonly providerName = 'gcp.gemini';

  constructor(settings: GeminiChatModelOptions) {
    const connection = connectGemini(settings);
    this.#client = connection.client;
    this.#baseURL = connection.baseURL;
    this.#settings = settings;
    this.#sdkContext = {
      sdk: {
        APIError: NO_CLASSES,
        APIUserAbortError: NO_CLASSES,
        APIConnectionError: NO_CLASSES,
        APIConnectionTimeoutError: NO_CLASSES,
      },
      mapError: mapGeminiError,
      describe: describeGeminiError,
      secrets: connection.secrets,
      maxRetries: connection.maxRetries,
      timeoutMs: connection.timeoutMs,
      idleTimeoutMs: connection.timeoutMs ?? SDK_DEFAULT_TIMEOUT_MS,
    };
  }

  /** The default model name. */
  get model(): string {
    return this.#settings.model;
  }

  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    const request = this.#request(prompt);
    const context = this.#context(request.model);
    return runSdkCall(
      context,
      options.signal,
      (signal) =>
        this.#client.models.generateContent({
          ...request,
          config: { ...request.config, abortSignal: signal },
        }),
      (response) => fromGeminiResponse(response, context.endpoint),
    );
  }

  stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncGenerator<ChatResponseChunk> {
    const request = this.#request(prompt);
    return runSdkStream(
      this.#context(request.model),
      options.signal,
      (signal) =>
        this.#client.models.generateContentStream({
          ...request,
          config: { ...request.config, abortSignal: signal },
        }),
      readGeminiStream,
    );
  }

  #request(prompt: Prompt) {
    return toGeminiRequest(
      prompt,
      mergeChatOptions(this.#settings.defaultOptions, prompt.options),
      this.#settings.model,
    );
  }

  #context(model: string): SdkRequestContext {
    return { ...this.#sdkContext, endpoint: { provider: 'gemini', model, baseURL: this.#baseURL } };
  }
}
