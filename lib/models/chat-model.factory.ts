import type { ChatModel } from '../chat/model/chat-model';
import { ChatModelConfigurationError } from '../errors/chat-model-configuration.error';
import { ModelMessages } from '../errors/messages/models.messages';
import type { ChatModelSettings } from './chat-model-settings';
import type { OfflineChatModelSettings } from './offline/offline-chat-model-settings';
import { CHAT_MODEL_PROVIDERS, chatModelProvider } from './chat-model.providers';

/**
 * The chat model the settings describe: `OpenAiChatModel` for `provider: "openai"` (any OpenAI-compatible endpoint),
 * `OpenAiResponsesChatModel` for `"openai-responses"`, `AzureOpenAiChatModel` for `"azure-openai"`,
 * `AnthropicChatModel` for `"anthropic"`, `GeminiChatModel` for `"gemini"`, `OfflineChatModel` (not a language
 * model) for `"offline"`. Loads the provider's SDK now, so that a
 * missing SDK or API key fails at startup with a message saying what to install or set.
 */
export function createChatModel(settings: ChatModelSettings | OfflineChatModelSettings): ChatModel {
  const provider: unknown = (settings as { provider?: unknown }).provider;
  const known = chatModelProvider(provider);
  if (!known) {
    throw new ChatModelConfigurationError(
      String(provider),
      ModelMessages.unknownProvider(
        provider,
        CHAT_MODEL_PROVIDERS.map((each) => each.id),
      ),
      'provider',
    );
  }
  return known.create(settings);
}
