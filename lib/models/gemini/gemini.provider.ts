import type { ChatModelProvider } from '../chat-model-provider';
import { definedOnly, missingKey, urlVariable } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { GeminiChatModel } from './gemini-chat-model';
import type { GeminiChatModelSettings } from './gemini-chat-model.settings';
import { GEMINI_SOURCE } from './gemini-client.factory';

/** The model `toolCallingConfig` asks for when `GEMINI_MODEL` is unset. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/** `gemini`: Google's Gemini API. */
export const GEMINI_PROVIDER: ChatModelProvider<WithProvider<GeminiChatModelSettings>> = {
  id: 'gemini',
  sdkPackage: '@google/genai',
  create: (settings) => new GeminiChatModel(settings),
  variables: [
    { name: 'GEMINI_API_KEY' },
    { name: 'GOOGLE_API_KEY' },
    urlVariable('GEMINI_BASE_URL'),
    { name: 'GEMINI_MODEL' },
  ],
  chosenBy: ['GEMINI_API_KEY'],
  missing: (env) => missingKey('gemini', GEMINI_SOURCE, env),
  fromEnvironment: (env) =>
    definedOnly({
      provider: 'gemini',
      model: env.GEMINI_MODEL ?? DEFAULT_GEMINI_MODEL,
      apiKey: env.GEMINI_API_KEY ?? env.GOOGLE_API_KEY,
      baseURL: env.GEMINI_BASE_URL,
    }),
};
