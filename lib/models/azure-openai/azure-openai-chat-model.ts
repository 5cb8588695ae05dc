import type { ChatModel, ChatModelCallOptions, ChatResponseChunk } from '../../chat/model/chat-model';
import type { ChatResponse } from '../../chat/model/chat-response';
import type { Prompt } from '../../chat/model/prompt';
import type { AzureOpenAiChatModelSettings } from '../chat-model-settings';
import { OpenAiChatModel } from '../openai/openai-chat-model';
import { withPreparedConnection } from '../openai/openai-connection.registry';
import { OpenAiResponsesChatModel } from '../openai-responses/openai-responses-chat-model';
import { connectAzureOpenAi } from './azure-openai-client.factory';

/** The settings of an `AzureOpenAiChatModel`; `provider` may be left out. */
export type AzureOpenAiChatModelOptions = Omit<AzureOpenAiChatModelSettings, 'provider'> & {
  readonly provider?: 'azure-openai';
};

/**
 * A `ChatModel` for an Azure OpenAI deployment, through the `openai` SDK's `AzureOpenAI` client (API key or Entra ID
 * token provider, API version), speaking Chat Completions (default) or the Responses API (`api: "responses"`). It
 * behaves as `OpenAiChatModel` or `OpenAiResponsesChatModel` do, the deployment standing for the model.
 */
export class AzureOpenAiChatModel implements ChatModel {
  readonly #delegate: ChatModel;
  readonly #deployment: string;

  /** `gen_ai.provider.name` of the requests (the conventions' name for Azure OpenAI). */
  readonly providerName = 'azure.ai.openai';

  constructor(settings: AzureOpenAiChatModelOptions) {
    const connection = connectAzureOpenAi(settings);
    const { api, ...rest } = settings;
    this.#deployment = settings.model;
    const shared = withPreparedConnection({ ...rest, provider: undefined }, connection);
    this.#delegate = api === 'responses' ? new OpenAiResponsesChatModel(shared) : new OpenAiChatModel(shared);
  }

  /** The deployment, sent as the model. */
  get model(): string {
    return this.#deployment;
  }

  call(prompt: Prompt, options?: ChatModelCallOptions): Promise<ChatResponse> {
    return this.#delegate.call(prompt, options);
  }

  stream(prompt: Prompt, options?: ChatModelCallOptions): AsyncIterable<ChatResponseChunk> {
    return this.#delegate.stream(prompt, options);
  }
}
