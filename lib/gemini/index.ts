// nestjs-tool-calling/gemini: the adapter on `@google/genai` (an optional peer).
import type { GoogleGenAI } from '@google/genai';
import type { GeminiChatModelSettings } from '../models/gemini/gemini-chat-model.settings';

export { GeminiChatModel } from '../models/gemini/gemini-chat-model';
export { ProviderChatModel } from '../models/provider-chat-model';
export type { ProviderModelSettings } from '../models/provider-model.settings';
export { toGeminiSchema } from '../models/gemini/gemini-schema';
export type { GeminiChatModelSettings };

/**
 * The constructor settings of `GeminiChatModel`.
 * @deprecated Use `GeminiChatModelSettings` (the same settings; `client` is a constructor option). Removed in the
 * next minor version.
 */
export type GeminiChatModelOptions = GeminiChatModelSettings & { readonly client?: GoogleGenAI };
