import type { AnthropicChatModelSettings } from './anthropic/anthropic-chat-model.settings';
import type { AzureOpenAiChatModelSettings } from './azure-openai/azure-openai-chat-model.settings';
import type { GeminiChatModelSettings } from './gemini/gemini-chat-model.settings';
import type { OpenAiChatModelSettings } from './openai/openai-chat-model.settings';
import type { OpenAiResponsesChatModelSettings } from './openai-responses/openai-responses-chat-model.settings';
import type { ProviderModelSettings } from './provider-model.settings';

export type {
  AnthropicChatModelSettings,
  AzureOpenAiChatModelSettings,
  GeminiChatModelSettings,
  OpenAiChatModelSettings,
  OpenAiResponsesChatModelSettings,
  ProviderModelSettings,
};

/** A provider's settings with its `provider` named: one member of `ChatModelSettings`. */
export type WithProvider<S extends { readonly provider?: string }> = S & {
  readonly provider: NonNullable<S['provider']>;
};

/**
 * Which real chat model to use, and how to reach it, as plain data (the module options, `toolCallingConfig`,
 * `createChatModel`). A ready-made SDK client is not data: give it to the adapter class of the provider's entry
 * (`new OpenAiChatModel({ model, client })` from `nestjs-tool-calling/openai`) and pass that model instead.
 */
export type ChatModelSettings =
  | WithProvider<OpenAiChatModelSettings>
  | WithProvider<OpenAiResponsesChatModelSettings>
  | WithProvider<AzureOpenAiChatModelSettings>
  | WithProvider<AnthropicChatModelSettings>
  | WithProvider<GeminiChatModelSettings>;
