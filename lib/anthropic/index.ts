// nestjs-tool-calling/anthropic: the adapter on `@anthropic-ai/sdk` (an optional peer).
export { AnthropicChatModel, type AnthropicChatModelOptions } from '../models/anthropic/anthropic-chat-model';
export { DEFAULT_ANTHROPIC_MAX_TOKENS } from '../models/anthropic/anthropic.constants';
