import type { AzureOpenAI } from 'openai';
import { chatCompletionsWire } from '../openai/openai-chat-model';
import { responsesWire } from '../openai-responses/openai-responses-chat-model';
import { ProviderChatModel } from '../provider-chat-model';
import type { AzureOpenAiChatModelSettings } from './azure-openai-chat-model.settings';
import { connectAzureOpenAi } from './azure-openai-client.factory';

/**
 * A `ChatModel` for an Azure OpenAI deployment, through the `openai` SDK's `AzureOpenAI` client (API key or Entra ID
 * token provider, API version), speaking Chat Completions (default) or the Responses API (`api: "responses"`). It
 * behaves as `OpenAiChatModel` or `OpenAiResponsesChatModel` do, the deployment standing for the model.
 */
export class AzureOpenAiChatModel extends ProviderChatModel {
  /** `gen_ai.provider.name` of the requests (the conventions' name for Azure OpenAI). */
  readonly providerName = 'azure.ai.openai';

  /**
   * @param settings - the deployment and how to reach it; `client`: your own configured `AzureOpenAI` client, used
   * instead of one built from the settings.
   */
  constructor(settings: AzureOpenAiChatModelSettings & { readonly client?: AzureOpenAI }) {
    const connection = connectAzureOpenAi(settings);
    super(
      settings,
      connection,
      settings.api === 'responses'
        ? responsesWire(connection.client, settings, connection.secrets)
        : chatCompletionsWire(connection.client, settings),
    );
  }
}
