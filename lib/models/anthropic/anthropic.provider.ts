import type { ChatModelProvider } from '../chat-model-provider';
import { definedOnly, missingKey, urlVariable } from '../chat-model-provider';
import type { WithProvider } from '../chat-model-settings';
import { AnthropicChatModel } from './anthropic-chat-model';
import type { AnthropicChatModelSettings } from './anthropic-chat-model.settings';
import { ANTHROPIC_SOURCE } from './anthropic-client.factory';

/** The model `toolCallingConfig` asks for when `ANTHROPIC_MODEL` is unset. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6';

/** `anthropic`: Anthropic's Messages API. */
export const ANTHROPIC_PROVIDER: ChatModelProvider<WithProvider<AnthropicChatModelSettings>> = {
  id: 'anthropic',
  sdkPackage: '@anthropic-ai/sdk',
  create: (settings) => new AnthropicChatModel(settings),
  variables: [{ name: 'ANTHROPIC_API_KEY' }, urlVariable('ANTHROPIC_BASE_URL'), { name: 'ANTHROPIC_MODEL' }],
  chosenBy: ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'],
  missing: (env) => missingKey('anthropic', ANTHROPIC_SOURCE, env),
  fromEnvironment: (env) =>
    definedOnly({
      provider: 'anthropic',
      model: env.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
      apiKey: env.ANTHROPIC_API_KEY,
      baseURL: env.ANTHROPIC_BASE_URL,
    }),
};
