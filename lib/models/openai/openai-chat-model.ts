import type { OpenAI } from 'openai';
import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import { mergeChatOptions } from '../../chat/model/merge-chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { OpenAiChatModelSettings } from '../chat-model-settings';
import {
  clientLimits,
  runSdkCall,
  runSdkStream,
  sdkRequestDefaults,
  type SdkRequestContext,
} from '../sdk-request.runner';
import { connectOpenAi, type OpenAiConnection } from './openai-client.factory';
import { preparedConnection } from './openai-connection.registry';
import { describeOpenAiError } from './openai-error.mapper';
import { toOpenAiRequest, type OpenAiRequestSettings } from './openai-request.mapper';
import { fromOpenAiCompletion } from './openai-response.mapper';
import { readOpenAiStream } from './openai-stream.reader';

/** The settings of an `OpenAiChatModel`; `provider` may be left out. */
export type OpenAiChatModelOptions = Omit<OpenAiChatModelSettings, 'provider'> & {
  readonly provider?: 'openai';
};

/**
 * A `ChatModel` for any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, DeepSeek, GLM, Qwen,
 * Mistral, Groq…), through the official `openai` SDK, loaded when the model is created. Retries (429, 5xx) and the
 * request time limit are the SDK's; errors become `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class OpenAiChatModel implements ChatModel {
  // Private fields: never printed by console.log or util.inspect, so the client's API key stays out of logs.
  readonly #client: OpenAI;
  readonly #sdkContext: Omit<SdkRequestContext, 'endpoint'>;
  readonly #request: OpenAiRequestSettings;
  readonly #settings: OpenAiChatModelOptions;
  readonly #connection: OpenAiConnection;

  constructor(settings: OpenAiChatModelOptions) {
    const connection = preparedConnection(settings) ?? connectOpenAi(settings);
    this.#connection = connection;
    this.#client = connection.client;
    this.#sdkContext = sdkRequestDefaults(
      connection,
      clientLimits(connection.client, settings),
      describeOpenAiError,
    );
    this.#settings = settings;
    this.#request = {
      model: settings.model,
      strict: { all: settings.strict === true, tools: new Set(settings.strictTools ?? []) },
      maxTokensParameter: settings.maxTokensParameter ?? 'max_tokens',
    };
  }

  /** `gen_ai.provider.name` of the requests: the OpenAI wire format, whoever serves it. */
  readonly providerName = 'openai';

  /** The default model name. */
  get model(): string {
    return this.#settings.model;
  }

  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    const body = this.#body(prompt);
    const context = this.#context(body.model);
    return runSdkCall(
      context,
      options.signal,
      (signal) => this.#client.chat.completions.create({ ...body, stream: false }, { signal }),
      (completion) => fromOpenAiCompletion(completion, context.endpoint),
    );
  }

  stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncGenerator<ChatResponseChunk> {
    const body = this.#body(prompt);
    return runSdkStream(
      this.#context(body.model),
      options.signal,
      (signal) =>
        this.#client.chat.completions.create(
          { ...body, stream: true, stream_options: { include_usage: true } },
          { signal },
        ),
      readOpenAiStream,
    );
  }

  #body(prompt: Prompt) {
    return toOpenAiRequest(
      prompt,
      mergeChatOptions(this.#settings.defaultOptions, prompt.options),
      this.#request,
    );
  }

  #context(model: string): SdkRequestContext {
    return {
      ...this.#sdkContext,
      endpoint: { provider: this.#connection.provider, model, baseURL: this.#connection.baseURL },
    };
  }
}
