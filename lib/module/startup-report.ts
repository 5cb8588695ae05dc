import type { LoggerService } from '@nestjs/common';
import type { ChatModel } from '../chat/model/chat-model';
import type { DiscoveredTools } from './discovered-tools';
import { ModuleMessages } from '../errors/messages/module.messages';
import { UnconfiguredChatModel } from './unconfigured-chat-model';
import { StateMessages } from '../errors/messages/state.messages';
import { toolMetadataOf } from '../tool/tool-callback';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';

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

/**
 * Warns when tools the module knows at bootstrap need a person's approval and the options name no `callerId`. The
 * default `callerId` reads `request.user`, which only a request can show: at bootstrap nothing proves that the
 * application's authentication puts a user with an id there, so the default "cannot be shown to work" whenever it is
 * the one in use. Calls are still safe (a caller without an id is refused); the warning says so before the first one.
 */
export function warnOfApprovalsWithoutCallerId(
  logger: LoggerService,
  tools: DiscoveredTools,
  options: ToolCallingModuleOptions,
): void {
  if (options.approvals?.callerId !== undefined) return;
  const names = [...tools.byName].filter(([, tool]) => toolMetadataOf(tool).approval).map(([name]) => name);
  if (names.length > 0) logger.warn(StateMessages.approvalsWithoutCallerId(names));
}
