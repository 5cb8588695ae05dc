import type { OpenAI } from 'openai';
import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import { mergeChatOptions } from '../../chat/model/merge-chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { OpenAiResponsesChatModelSettings } from '../chat-model-settings';
import { connectOpenAi, type OpenAiConnection } from '../openai/openai-client.factory';
import { preparedConnection } from '../openai/openai-connection.registry';
import { describeOpenAiError } from '../openai/openai-error.mapper';
import {
  clientLimits,
  runSdkCall,
  runSdkStream,
  sdkRequestDefaults,
  type SdkRequestContext,
} from '../sdk-request.runner';
import { toResponsesRequest, type ResponsesRequestSettings } from './openai-responses-request.mapper';
import { fromResponsesResponse } from './openai-responses-response.mapper';
import { responsesStreamReader } from './openai-responses-stream.reader';

/** The settings of an `OpenAiResponsesChatModel`; `provider` may be left out. */
export type OpenAiResponsesChatModelOptions = Omit<OpenAiResponsesChatModelSettings, 'provider'> & {
  readonly provider?: 'openai-responses';
};

const FEATURE = 'The OpenAI Responses API chat model (provider "openai-responses")';

/**
 * A `ChatModel` for OpenAI's Responses API, through the official `openai` SDK, loaded when the model is created.
 * Stateless by default (`store: false`): each request sends the whole conversation, and the reasoning items of a
 * reasoning model travel in the assistant messages' metadata, so it keeps its reasoning across tool calls. Retries
 * (429, 5xx) and the request time limit are the SDK's; errors become `ChatModelError`s; an aborted signal rejects
 * with its reason.
 */
export class OpenAiResponsesChatModel implements ChatModel {
  readonly #client: OpenAI;
  readonly #connection: OpenAiConnection;
  readonly #sdkContext: Omit<SdkRequestContext, 'endpoint'>;
  readonly #request: ResponsesRequestSettings;
  readonly #settings: OpenAiResponsesChatModelOptions;

  /** `gen_ai.provider.name` of the requests. */
  readonly providerName = 'openai';

  constructor(settings: OpenAiResponsesChatModelOptions) {
    const connection = preparedConnection(settings) ?? connectOpenAi(settings, 'openai-responses', FEATURE);
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
      store: settings.store ?? false,
      includeReasoning: settings.includeReasoning,
    };
  }

  /** The default model name (with Azure OpenAI: the deployment). */
  get model(): string {
    return this.#settings.model;
  }

  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    const body = this.#body(prompt);
    const context = this.#context(body.model as string);
    return runSdkCall(
      context,
      options.signal,
      (signal) => this.#client.responses.create({ ...body, stream: false }, { signal }),
      (response) =>
        fromResponsesResponse(response, context.endpoint, body.store ?? false, this.#connection.secrets),
    );
  }

  stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncGenerator<ChatResponseChunk> {
    const body = this.#body(prompt);
    return runSdkStream(
      this.#context(body.model as string),
      options.signal,
      (signal) => this.#client.responses.create({ ...body, stream: true }, { signal }),
      responsesStreamReader({ store: body.store ?? false, secrets: this.#connection.secrets }),
    );
  }

  #body(prompt: Prompt) {
    return toResponsesRequest(
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
