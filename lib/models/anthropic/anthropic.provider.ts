import { sdkProvider } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { AnthropicChatModel } from './anthropic-chat-model';
import type { AnthropicChatModelSettings } from './anthropic-chat-model.settings';
import { ANTHROPIC_SOURCE } from './anthropic-client.factory';

/** `anthropic`: Anthropic's Messages API; `ANTHROPIC_MODEL` defaults to `claude-sonnet-4-6`. */
export const ANTHROPIC_PROVIDER = sdkProvider<WithProvider<AnthropicChatModelSettings>>(
  ANTHROPIC_SOURCE,
  '@anthropic-ai/sdk',
  {
    create: (settings) => new AnthropicChatModel(settings),
    model: { variable: 'ANTHROPIC_MODEL', default: 'claude-sonnet-4-6' },
    chosenBy: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
  },
);
