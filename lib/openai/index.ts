// nestjs-tool-calling/openai: the adapters on the `openai` SDK (an optional peer). Its types are reachable only from
// this entry, so an app without `openai` compiles against the root entry.
import type { AzureOpenAI, OpenAI } from 'openai';
import type { AzureOpenAiChatModelSettings } from '../models/azure-openai/azure-openai-chat-model.settings';
import type { OpenAiChatModelSettings } from '../models/openai/openai-chat-model.settings';
import type { OpenAiResponsesChatModelSettings } from '../models/openai-responses/openai-responses-chat-model.settings';

export { OpenAiChatModel } from '../models/openai/openai-chat-model';
export { ProviderChatModel } from '../models/provider-chat-model';
export type { ProviderModelSettings } from '../models/provider-model.settings';
export { toOpenAiStrictSchema } from '../models/openai/openai-strict-schema';
export { OpenAiResponsesChatModel } from '../models/openai-responses/openai-responses-chat-model';
export { AzureOpenAiChatModel } from '../models/azure-openai/azure-openai-chat-model';
export type { AzureOpenAiChatModelSettings, OpenAiChatModelSettings, OpenAiResponsesChatModelSettings };

/**
 * The constructor settings of `OpenAiChatModel`.
 * @deprecated Use `OpenAiChatModelSettings` (the same settings; `client` is a constructor option). Removed in the
 * next minor version.
 */
export type OpenAiChatModelOptions = OpenAiChatModelSettings & { readonly client?: OpenAI };

/**
 * The constructor settings of `OpenAiResponsesChatModel`.
 * @deprecated Use `OpenAiResponsesChatModelSettings` (the same settings; `client` is a constructor option). Removed
 * in the next minor version.
 */
export type OpenAiResponsesChatModelOptions = OpenAiResponsesChatModelSettings & { readonly client?: OpenAI };

/**
 * The constructor settings of `AzureOpenAiChatModel`.
 * @deprecated Use `AzureOpenAiChatModelSettings` (the same settings; `client` is a constructor option). Removed in
 * the next minor version.
 */
export type AzureOpenAiChatModelOptions = AzureOpenAiChatModelSettings & { readonly client?: AzureOpenAI };
