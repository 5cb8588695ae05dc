import { ANTHROPIC_PROVIDER } from './anthropic/anthropic.provider';
import { AZURE_OPENAI_PROVIDER } from './azure-openai/azure-openai.provider';
import type { ChatModelProvider } from './chat-model-provider';
import { GEMINI_PROVIDER } from './gemini/gemini.provider';
import { OFFLINE_PROVIDER } from './offline/offline.provider';
import { OPENAI_PROVIDER } from './openai/openai.provider';
import { OPENAI_RESPONSES_PROVIDER } from './openai-responses/openai-responses.provider';

/**
 * Every chat model provider, in the order `toolCallingConfig` picks one when `TOOL_CALLING_PROVIDER` is unset.
 * `createChatModel` and `toolCallingConfig` read this list only.
 */
export const CHAT_MODEL_PROVIDERS: readonly ChatModelProvider<any>[] = [
  OPENAI_PROVIDER,
  OPENAI_RESPONSES_PROVIDER,
  ANTHROPIC_PROVIDER,
  AZURE_OPENAI_PROVIDER,
  GEMINI_PROVIDER,
  OFFLINE_PROVIDER,
];

/** The provider with this id, if any (looked up by value, never as a property: the id may come from outside). */
export function chatModelProvider(id: unknown): ChatModelProvider<any> | undefined {
  return CHAT_MODEL_PROVIDERS.find((provider) => provider.id === id);
}
