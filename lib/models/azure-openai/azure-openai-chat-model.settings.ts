import type { OpenAiChatModelSettings } from '../openai/openai-chat-model.settings';
import type { OpenAiResponsesChatModelSettings } from '../openai-responses/openai-responses-chat-model.settings';
import type { ProviderModelSettings } from '../provider-model.settings';

/**
 * An `AzureOpenAiChatModel`: an Azure OpenAI deployment, through the `openai` SDK's `AzureOpenAI` client, speaking
 * Chat Completions or the Responses API. Unset values come from the variables the SDK reads.
 */
export interface AzureOpenAiChatModelSettings
  extends
    ProviderModelSettings,
    Pick<OpenAiChatModelSettings, 'strict' | 'strictTools' | 'maxTokensParameter'>,
    Pick<OpenAiResponsesChatModelSettings, 'store' | 'includeReasoning'> {
  /** Names this provider in `ChatModelSettings`; may be left out when the adapter is built directly. */
  readonly provider?: 'azure-openai';
  /** The deployment to use (`AZURE_OPENAI_DEPLOYMENT` in the configuration): Azure routes by deployment. */
  readonly model: string;
  /**
   * The API to speak: `chat-completions` or `responses`.
   * @defaultValue 'chat-completions'
   */
  readonly api?: 'chat-completions' | 'responses';
  /** `https://<resource>.openai.azure.com`; when unset, `AZURE_OPENAI_ENDPOINT`. */
  readonly endpoint?: string;
  /** Instead of `endpoint`: the whole base URL, `https://<resource>.openai.azure.com/openai` (a proxy, a gateway). */
  readonly baseURL?: string;
  /** The API version, e.g. `2024-10-21`, or `2025-04-01-preview` for the Responses API; when unset, `OPENAI_API_VERSION`. */
  readonly apiVersion?: string;
  /** The API key; when unset (and no `azureADTokenProvider` is given), `AZURE_OPENAI_API_KEY`. */
  readonly apiKey?: string;
  /** Microsoft Entra ID: a function giving a bearer token (`getBearerTokenProvider` of `@azure/identity`). */
  readonly azureADTokenProvider?: () => Promise<string>;
}
