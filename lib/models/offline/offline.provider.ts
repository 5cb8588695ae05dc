import type { ChatModelProvider } from '../chat-model-provider';
import { OfflineChatModel } from './offline-chat-model';
import type { OfflineChatModelSettings } from './offline-chat-model-settings';

/**
 * `offline`: no SDK, no network, no key; not a language model, for trying an app (refused when `NODE_ENV` is
 * `production`). Never chosen unless named: no variable of its own picks it.
 */
export const OFFLINE_PROVIDER: ChatModelProvider<OfflineChatModelSettings> = {
  id: 'offline',
  create: (settings) => new OfflineChatModel(settings),
  variables: [],
  chosenBy: [],
  missing: () => [],
  fromEnvironment: () => ({ provider: 'offline' }),
};
