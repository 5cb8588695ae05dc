import { ToolDefinitionError } from '../errors/tool-definition.error';
import { ModuleMessages } from '../errors/messages/module.messages';
import { isToolCallback } from '../tool/tool-callback';
import { isToolCallbackProvider } from '../tool/tool-callback-provider';
import { sourceOf } from '../tool/tool-name-registry';
import type { DiscoveredToolsCollector } from './discovered-tools';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';

const DEFAULT_STATIC_PROVIDER_TIMEOUT_MS = 10_000;

/** What discovery runs with, once the options are checked. */
export interface DiscoveryOptions {
  readonly timeoutMs: number;
  readonly discovery: boolean;
}

/**
 * Checks the options discovery reads and adds their `toolCallbacks` to `found`. A wrong value is a problem of the
 * bootstrap (reported with the tools' problems, so that the app stops with all of them at once), never a throw here.
 */
export function readDiscoveryOptions(
  options: ToolCallingModuleOptions,
  found: DiscoveredToolsCollector,
): DiscoveryOptions {
  const { toolCallbacks = [], discovery = true, staticProviderTimeoutMs } = options;
  const invalid = (option: string, expected: string) =>
    found.addProblem(new ToolDefinitionError(ModuleMessages.invalidOption(option, expected)));
  if (!Array.isArray(toolCallbacks)) invalid('toolCallbacks', 'an array');
  else {
    toolCallbacks.forEach((entry: unknown, index) => {
      const label = `toolCallbacks[${index}] of the ToolCallingModule options`;
      if (isToolCallback(entry)) found.addCallback('static', entry, `${sourceOf(entry)} from ${label}`);
      else if (isToolCallbackProvider(entry)) found.addProvider(entry, label);
      else found.addProblem(new ToolDefinitionError(ModuleMessages.notAToolCallback(index)));
    });
  }
  if (typeof discovery !== 'boolean') invalid('discovery', 'true or false');
  for (const option of ['globalEnhancers', 'hideDeniedTools'] as const) {
    const value = options[option];
    if (value !== undefined && typeof value !== 'boolean') invalid(option, 'true or false');
  }
  const timeoutValid =
    staticProviderTimeoutMs === undefined ||
    (Number.isFinite(staticProviderTimeoutMs) && staticProviderTimeoutMs > 0);
  if (!timeoutValid) invalid('staticProviderTimeoutMs', 'a positive number of milliseconds');
  return {
    timeoutMs: (timeoutValid && staticProviderTimeoutMs) || DEFAULT_STATIC_PROVIDER_TIMEOUT_MS,
    discovery: discovery !== false,
  };
}
