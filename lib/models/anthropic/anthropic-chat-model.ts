import type { Anthropic } from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParamsBase,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import { ProviderChatModel, type ProviderWire } from '../provider-chat-model';
import type { AnthropicChatModelSettings } from './anthropic-chat-model.settings';
import { connectAnthropic } from './anthropic-client.factory';
import { toAnthropicRequest } from './anthropic-request.mapper';
import { fromAnthropicMessage } from './anthropic-response.mapper';
import { readAnthropicStream } from './anthropic-stream.reader';

function messagesWire(
  client: Anthropic,
  settings: AnthropicChatModelSettings,
): ProviderWire<MessageCreateParamsBase, Message, RawMessageStreamEvent> {
  const request = { model: settings.model, maxTokens: settings.maxTokens };
  return {
    request: (prompt, options) => toAnthropicRequest(prompt, options, request),
    model: (body) => body.model,
    send: (body, signal) => client.messages.create({ ...body, stream: false }, { signal }),
    read: (message) => fromAnthropicMessage(message),
    open: (body, signal) => client.messages.create({ ...body, stream: true }, { signal }),
    readStream: (events, _body, endpoint) => readAnthropicStream(events, endpoint),
  };
}

/**
 * A `ChatModel` for Anthropic's Messages API, through the official `@anthropic-ai/sdk` SDK, loaded when the model
 * is created. Retries (429, 5xx, overloaded) and the request time limit are the SDK's; errors become
 * `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class AnthropicChatModel extends ProviderChatModel {
  /** `gen_ai.provider.name` of the requests. */
  readonly providerName = 'anthropic';
  /** Deferred tools go to Anthropic's tool search tool (`defer_loading`), for `ToolSearchAdvisor({ native: true })`. */
  readonly nativeToolSearch = true;

  /**
   * @param settings - the model and how to reach it; `client`: your own configured `Anthropic` client, used instead
   * of one built from `apiKey`, `baseURL`, `headers`, `timeoutMs` and `maxRetries`, which are then ignored.
   */
  constructor(settings: AnthropicChatModelSettings & { readonly client?: Anthropic }) {
    const connection = connectAnthropic(settings);
    super(settings, connection, messagesWire(connection.client, settings));
  }
}
