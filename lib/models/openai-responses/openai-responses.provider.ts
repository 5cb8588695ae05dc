import { sdkProvider } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { openAiSource } from '../openai/openai-client.factory';
import { OPENAI_ENVIRONMENT } from '../openai/openai.provider';
import { OpenAiResponsesChatModel } from './openai-responses-chat-model';
import type { OpenAiResponsesChatModelSettings } from './openai-responses-chat-model.settings';

/** `openai-responses`: OpenAI's Responses API, reached as `openai` is. Never chosen without being named. */
export const OPENAI_RESPONSES_PROVIDER = sdkProvider<WithProvider<OpenAiResponsesChatModelSettings>>(
  openAiSource('openai-responses', ''),
  'openai',
  { ...OPENAI_ENVIRONMENT, create: (settings) => new OpenAiResponsesChatModel(settings), chosenBy: [] },
);
