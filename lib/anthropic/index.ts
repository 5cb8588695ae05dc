// nestjs-tool-calling/anthropic: the adapter on `@anthropic-ai/sdk` (an optional peer).
import type { Anthropic } from '@anthropic-ai/sdk';
import type { AnthropicChatModelSettings } from '../models/anthropic/anthropic-chat-model.settings';

export { AnthropicChatModel } from '../models/anthropic/anthropic-chat-model';
export { ProviderChatModel } from '../models/provider-chat-model';
export type { ProviderModelSettings } from '../models/provider-model.settings';
export { DEFAULT_ANTHROPIC_MAX_TOKENS } from '../models/anthropic/anthropic.constants';
export type { AnthropicChatModelSettings };

/**
 * The constructor settings of `AnthropicChatModel`.
 * @deprecated Use `AnthropicChatModelSettings` (the same settings; `client` is a constructor option). Removed in the
 * next minor version.
 */
export type AnthropicChatModelOptions = AnthropicChatModelSettings & { readonly client?: Anthropic };
