import { sdkProvider } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { GeminiChatModel } from './gemini-chat-model';
import type { GeminiChatModelSettings } from './gemini-chat-model.settings';
import { GEMINI_SOURCE } from './gemini-client.factory';

/** `gemini`: Google's Gemini API; `GEMINI_MODEL` defaults to `gemini-2.5-flash`. */
export const GEMINI_PROVIDER = sdkProvider<WithProvider<GeminiChatModelSettings>>(
  GEMINI_SOURCE,
  '@google/genai',
  {
    create: (settings) => new GeminiChatModel(settings),
    model: { variable: 'GEMINI_MODEL', default: 'gemini-2.5-flash' },
    chosenBy: ['GEMINI_API_KEY'],
  },
);
