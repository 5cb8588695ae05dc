import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../chat/model/chat-model';
import type { ChatOptions } from '../chat/model/chat-options';
import type { ChatResponse } from '../chat/model/chat-response';
import { mergeChatOptions } from '../chat/model/merge-chat-options';
import type { Prompt } from '../chat/model/prompt';
import type { ModelEndpoint } from '../errors/messages/models.messages';
import type { ProviderModelSettings } from './provider-model.settings';
import { SDK_DEFAULT_TIMEOUT_MS, type ModelConnection } from './connection/model-connection';
import { runSdkCall, runSdkStream, type SdkRequestContext } from './sdk-request.runner';

/**
 * How one provider's SDK is spoken: the request built once for a prompt, then sent as one JSON call or opened as a
 * stream, and the answer read back. `B` is the request body, `R` the SDK's response, `E` one stream event.
 */
export interface ProviderWire<B, R, E> {
  /** The provider's request for `prompt`, with `options` (the model's defaults under the prompt's own). */
  readonly request: (prompt: Prompt, options: ChatOptions) => B;
  /** The model the request asks for (named in errors). */
  readonly model: (body: B) => string;
  readonly send: (body: B, signal: AbortSignal | undefined) => Promise<R>;
  readonly read: (response: R, body: B, endpoint: ModelEndpoint) => ChatResponse;
  readonly open: (body: B, signal: AbortSignal) => Promise<AsyncIterable<E>>;
  readonly readStream: (
    events: AsyncIterable<E>,
    body: B,
    endpoint: ModelEndpoint,
  ) => AsyncIterable<ChatResponseChunk>;
}

/**
 * The frame of the SDK adapters: holds the model id, the connection (its SDK client, endpoint, secrets and limits)
 * and the provider's wire, and builds one request for both `call` and `stream`. An aborted signal rejects with its
 * reason; every other failure becomes a typed `ChatModelError`; a stream silent for longer than the time limit is
 * abandoned.
 */
export abstract class ProviderChatModel implements ChatModel {
  // Private fields: never printed by console.log or util.inspect, so the client's API key stays out of logs.
  readonly #settings: Pick<ProviderModelSettings, 'model' | 'defaultOptions'>;
  readonly #connection: ModelConnection<unknown>;
  readonly #wire: ProviderWire<any, any, any>;

  /** `gen_ai.provider.name` of the requests. */
  abstract readonly providerName: string;

  /** @internal Each adapter of this library gives its connection and wire. */
  protected constructor(
    settings: Pick<ProviderModelSettings, 'model' | 'defaultOptions'>,
    connection: ModelConnection<unknown>,
    wire: ProviderWire<any, any, any>,
  ) {
    this.#settings = settings;
    this.#connection = connection;
    this.#wire = wire;
  }

  /** The default model name (with Azure OpenAI: the deployment). */
  get model(): string {
    return this.#settings.model;
  }

  /** One request, answered whole. */
  async call(prompt: Prompt, options: ChatModelCallOptions = {}): Promise<ChatResponse> {
    const body: unknown = this.#body(prompt);
    const context = this.#context(body);
    return runSdkCall(
      context,
      options.signal,
      (signal) => this.#wire.send(body, signal),
      (response) => this.#wire.read(response, body, context.endpoint),
    );
  }

  /** One request, answered as a stream of chunks; stopping the iteration closes the request. */
  stream(prompt: Prompt, options: ChatModelCallOptions = {}): AsyncGenerator<ChatResponseChunk> {
    const body: unknown = this.#body(prompt);
    return runSdkStream(
      this.#context(body),
      options.signal,
      (signal) => this.#wire.open(body, signal),
      (events, endpoint) => this.#wire.readStream(events, body, endpoint),
    );
  }

  #body(prompt: Prompt): unknown {
    return this.#wire.request(prompt, mergeChatOptions(this.#settings.defaultOptions, prompt.options));
  }

  #context(body: unknown): SdkRequestContext {
    const connection = this.#connection;
    return {
      endpoint: { provider: connection.provider, model: this.#wire.model(body), baseURL: connection.baseURL },
      secrets: connection.secrets,
      maxRetries: connection.maxRetries,
      timeoutMs: connection.timeoutMs,
      idleTimeoutMs: connection.timeoutMs ?? SDK_DEFAULT_TIMEOUT_MS,
      mapError: connection.mapError,
    };
  }
}
