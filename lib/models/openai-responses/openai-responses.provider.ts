import type { ChatModelProvider } from '../chat-model-provider';
import { missingKey } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { openAiSource } from '../openai/openai-client.factory';
import { OPENAI_VARIABLES, openAiFromEnvironment } from '../openai/openai.provider';
import { OpenAiResponsesChatModel } from './openai-responses-chat-model';
import type { OpenAiResponsesChatModelSettings } from './openai-responses-chat-model.settings';

/** `openai-responses`: OpenAI's Responses API, reached as `openai` is. Never chosen without being named. */
export const OPENAI_RESPONSES_PROVIDER: ChatModelProvider<WithProvider<OpenAiResponsesChatModelSettings>> = {
  id: 'openai-responses',
  sdkPackage: 'openai',
  create: (settings) => new OpenAiResponsesChatModel(settings),
  variables: OPENAI_VARIABLES,
  chosenBy: [],
  missing: (env) => missingKey('openai-responses', openAiSource('openai-responses', ''), env),
  fromEnvironment: (env) => ({ provider: 'openai-responses', ...openAiFromEnvironment(env) }),
};
