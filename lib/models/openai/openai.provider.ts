import type { ChatModelProvider, ProviderEnvironment } from '../chat-model-provider';
import { definedOnly, missingKey, urlVariable } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { openAiSource } from './openai-client.factory';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatModelSettings } from './openai-chat-model.settings';

/** The model `toolCallingConfig` asks for when `OPENAI_MODEL` is unset. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** The variables both OpenAI providers read. */
export const OPENAI_VARIABLES = [
  { name: 'OPENAI_API_KEY' },
  urlVariable('OPENAI_BASE_URL'),
  { name: 'OPENAI_MODEL' },
  { name: 'OPENAI_ORGANIZATION' },
] as const;

/** The settings both OpenAI providers take from the environment. */
export function openAiFromEnvironment(env: ProviderEnvironment) {
  return definedOnly({
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    organization: env.OPENAI_ORGANIZATION,
  });
}

/** `openai`: any OpenAI-compatible chat completions endpoint. */
export const OPENAI_PROVIDER: ChatModelProvider<WithProvider<OpenAiChatModelSettings>> = {
  id: 'openai',
  sdkPackage: 'openai',
  create: (settings) => new OpenAiChatModel(settings),
  variables: OPENAI_VARIABLES,
  chosenBy: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
  missing: (env) => missingKey('openai', openAiSource('openai', ''), env),
  fromEnvironment: (env) => ({ provider: 'openai', ...openAiFromEnvironment(env) }),
};
