import type { ChatModel } from '../chat/model/chat-model';
import { ChatModelConfigurationError } from '../errors/chat-model-configuration.error';
import { AnthropicChatModel } from './anthropic/anthropic-chat-model';
import type { ChatModelSettings } from './chat-model-settings';
import type { OfflineChatModelSettings } from './offline/offline-chat-model-settings';
import { ModelMessages } from '../errors/messages/models.messages';
import { AzureOpenAiChatModel } from './azure-openai/azure-openai-chat-model';
import { GeminiChatModel } from './gemini/gemini-chat-model';
import { OfflineChatModel } from './offline/offline-chat-model';
import { OpenAiChatModel } from './openai/openai-chat-model';
import { OpenAiResponsesChatModel } from './openai-responses/openai-responses-chat-model';

/**
 * The chat model the settings describe: `OpenAiChatModel` for `provider: "openai"` (any OpenAI-compatible endpoint),
 * `OpenAiResponsesChatModel` for `"openai-responses"`, `AzureOpenAiChatModel` for `"azure-openai"`,
 * `AnthropicChatModel` for `"anthropic"`, `GeminiChatModel` for `"gemini"`, `OfflineChatModel` (not a language model) for `"offline"`. Loads the provider's SDK now, so that a missing SDK or API key
 * fails at startup with a message saying what to install or set.
 */
export function createChatModel(settings: ChatModelSettings | OfflineChatModelSettings): ChatModel {
  switch (settings.provider) {
    case 'openai':
      return new OpenAiChatModel(settings);
    case 'openai-responses':
      return new OpenAiResponsesChatModel(settings);
    case 'azure-openai':
      return new AzureOpenAiChatModel(settings);
    case 'anthropic':
      return new AnthropicChatModel(settings);
    case 'gemini':
      return new GeminiChatModel(settings);
    case 'offline':
      return new OfflineChatModel(settings);
    default: {
      const provider: unknown = (settings as { provider?: unknown }).provider;
      throw new ChatModelConfigurationError(
        String(provider),
        ModelMessages.unknownProvider(provider),
        'provider',
      );
    }
  }
}
