// nestjs-tool-calling/gemini: the adapter on `@google/genai` (an optional peer).
export { GeminiChatModel, type GeminiChatModelOptions } from '../models/gemini/gemini-chat-model';
export { toGeminiSchema } from '../models/gemini/gemini-schema';
