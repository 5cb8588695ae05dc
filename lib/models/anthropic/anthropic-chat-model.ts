import type { Anthropic } from '@anthropic-ai/sdk';
import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import { mergeChatOptions } from '../../chat/model/merge-chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { AnthropicChatModelSettings } from '../chat-model-settings';
import {
  clientLimits,
  runSdkCall,
  runSdkStream,
  sdkRequestDefaults,
  type SdkRequestContext,
} from '../sdk-request.runner';
import { connectAnthropic } from './anthropic-client.factory';
import { describeAnthropicError } from './anthropic-error.mapper';
import { toAnthropicRequest, type AnthropicRequestSettings } from './anthropic-request.mapper';
import { fromAnthropicMessage } from './anthropic-response.mapper';
import { readAnthropicStream } from './anthropic-stream.reader';

/** The settings of an `AnthropicChatModel`; `provider` may be left out. */
export type AnthropicChatModelOptions = Omit<AnthropicChatModelSettings, 'provider'> & {
  readonly provider?: 'anthropic';
};

/**
 * A `ChatModel` for Anthropic's Messages API, through the official `@anthropic-ai/sdk` SDK, loaded when the model
 * is created. Retries (429, 5xx, overloaded) and the request time limit are the SDK's; errors become
 * `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class AnthropicChatModel implements ChatModel {
  // Private fields: never printed by console.log or util.inspect, so the client's API key stays out of logs.
  readonly #client: Anthropic;
  readonly #sdkContext: Omit<SdkRequestContext, 'endpoint'>;
  readonly #request: AnthropicRequestSettings;
  readonly #settings: AnthropicChatModelOptions;
  readonly #baseURL: string | undefined;

  constructor(settings: AnthropicChatModelOptions) {
    const connection = connectAnthropic(settings);
    this.#client = connection.client;
    this.#baseURL = connection.baseURL;
    this.#sdkContext = sdkRequestDefaults(
      connection,
      clientLimits(connection.client, settings),
      describeAnthropicError,
    );
    this.#settings = settings;
    this.#request = { model: settings.model, maxTokens: settings.maxTokens };
  }

  /** `gen_ai.provider.name` of the requests. */
  readonly providerName = 'anthropic';

  /** The default model name. */
  get model(): string {
    return this.#settings.model;
  }

  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    const body = this.#body(prompt);
    return runSdkCall(
      this.#context(body.model),
      options.signal,
      (signal) => this.#client.messages.create({ ...body, stream: false }, { signal }),
      fromAnthropicMessage,
    );
  }

  stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncGenerator<ChatResponseChunk> {
    const body = this.#body(prompt);
    return runSdkStream(
      this.#context(body.model),
      options.signal,
      (signal) => this.#client.messages.create({ ...body, stream: true }, { signal }),
      readAnthropicStream,
    );
  }

  #body(prompt: Prompt) {
    return toAnthropicRequest(
      prompt,
      mergeChatOptions(this.#settings.defaultOptions, prompt.options),
      this.#request,
    );
  }

  #context(model: string): SdkRequestContext {
    return {
      ...this.#sdkContext,
      endpoint: { provider: 'anthropic', model, baseURL: this.#baseURL },
    };
  }
}
