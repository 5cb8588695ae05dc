import { sdkProvider, type SdkProviderParts } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { openAiSource } from './openai-client.factory';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatModelSettings } from './openai-chat-model.settings';

/** What both OpenAI providers read beyond the connection: `OPENAI_MODEL` (default `gpt-4o-mini`), the organization. */
export const OPENAI_ENVIRONMENT = {
  model: { variable: 'OPENAI_MODEL', default: 'gpt-4o-mini' },
  more: {
    variables: [{ name: 'OPENAI_ORGANIZATION' }],
    settings: (env) => ({ organization: env.OPENAI_ORGANIZATION }),
  },
} satisfies Pick<SdkProviderParts<{ organization?: string }>, 'model' | 'more'>;

/** `openai`: any OpenAI-compatible chat completions endpoint. */
export const OPENAI_PROVIDER = sdkProvider<WithProvider<OpenAiChatModelSettings>>(
  openAiSource('openai', ''),
  'openai',
  {
    ...OPENAI_ENVIRONMENT,
    create: (settings) => new OpenAiChatModel(settings),
    chosenBy: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
  },
);
