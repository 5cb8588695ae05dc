import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';
import type { ChatModelProvider } from '../chat-model-provider';
import { definedOnly } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { AzureOpenAiChatModel } from './azure-openai-chat-model';
import type { AzureOpenAiChatModelSettings } from './azure-openai-chat-model.settings';

/** The variables `toolCallingConfig` requires for Azure OpenAI, and what each one is. */
const REQUIRED = [
  ['AZURE_OPENAI_ENDPOINT', 'the resource endpoint, https://<resource>.openai.azure.com'],
  ['AZURE_OPENAI_API_KEY', 'the API key'],
  ['OPENAI_API_VERSION', 'the API version'],
  ['AZURE_OPENAI_DEPLOYMENT', 'the deployment'],
] as const;

/** `azure-openai`: an Azure OpenAI deployment, with the variables the SDK's `AzureOpenAI` client reads. */
export const AZURE_OPENAI_PROVIDER: ChatModelProvider<WithProvider<AzureOpenAiChatModelSettings>> = {
  id: 'azure-openai',
  sdkPackage: 'openai',
  create: (settings) => new AzureOpenAiChatModel(settings),
  variables: [
    { name: 'AZURE_OPENAI_API_KEY' },
    {
      name: 'AZURE_OPENAI_ENDPOINT',
      format: 'url',
      message: 'AZURE_OPENAI_ENDPOINT must be an http(s) URL such as https://my-resource.openai.azure.com',
    },
    {
      name: 'OPENAI_API_VERSION',
      format: /^\d{4}-\d{2}-\d{2}(-preview)?$|^(v1|latest|preview)$/,
      message:
        'OPENAI_API_VERSION must be an Azure OpenAI API version such as 2024-10-21 or 2025-04-01-preview',
    },
    { name: 'AZURE_OPENAI_DEPLOYMENT' },
    {
      name: 'AZURE_OPENAI_API',
      format: /^(chat-completions|responses)$/,
      message: 'AZURE_OPENAI_API must be chat-completions or responses',
    },
  ],
  chosenBy: ['AZURE_OPENAI_ENDPOINT'],
  missing: (env) =>
    REQUIRED.filter(([variable]) => !env[variable]).map(([variable, what]) => ({
      variable,
      message: ProviderAdapterMessages.variableNotSet('azure-openai', variable, what),
    })),
  fromEnvironment: (env) =>
    definedOnly({
      provider: 'azure-openai',
      model: env.AZURE_OPENAI_DEPLOYMENT ?? '',
      endpoint: env.AZURE_OPENAI_ENDPOINT,
      apiVersion: env.OPENAI_API_VERSION,
      apiKey: env.AZURE_OPENAI_API_KEY,
      api: env.AZURE_OPENAI_API as AzureOpenAiChatModelSettings['api'],
    }),
};
