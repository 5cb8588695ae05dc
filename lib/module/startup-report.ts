import type { LoggerService } from '@nestjs/common';
import type { ChatModel } from '../chat/model/chat-model';
import type { DiscoveredTools } from './discovered-tools';
import { ModuleMessages } from '../errors/messages/module.messages';
import { UnconfiguredChatModel } from './unconfigured-chat-model';

/** Names listed in the startup line before "and N more": enough to recognise an app's tools, short enough to read. */
export const STARTUP_TOOL_NAMES_SHOWN = 30;

/**
 * What the module tells the application's log once the tools are known: one `log` line with the tools found, and a
 * warning when no chat model is configured (the app starts, but every chat call would fail).
 */
export function reportStartup(logger: LoggerService, tools: DiscoveredTools, chatModel: ChatModel): void {
  const names = [...tools.byName.keys()];
  logger.log(ModuleMessages.toolsFound(names, tools.lazyProviders.length, STARTUP_TOOL_NAMES_SHOWN));
  if (chatModel instanceof UnconfiguredChatModel) logger.warn(ModuleMessages.noChatModelAtStartup());
}
