import { ModuleMessages } from '../errors/messages/module.messages';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../tool/decorators/tool-metadata.accessor';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import { sourceOf } from '../tool/tool-name-registry';
import type { DiscoveredToolsCollector } from './discovered-tools';

// getToolMetadata is optional, as Spring AI's default method is: a callback without it gets the default metadata.
export const CALLBACK_METHODS = ['getToolDefinition', 'call'];
export const PROVIDER_METHODS = ['getToolCallbacks'];

/**
 * Whether the object declares these methods, on itself or its prototype chain, as read through property
 * descriptors rather than property reads: a "deep" proxy (an RPC client that answers every property read with a
 * function) is not mistaken for a ToolCallback, and none of its functions is called.
 */
export function declaresMethods(instance: object, names: readonly string[]): boolean {
  return names.every((name) => {
    for (
      let owner: object | null = instance;
      owner && owner !== Object.prototype;
      owner = Object.getPrototypeOf(owner) as object | null
    ) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, name);
      if (descriptor) return typeof descriptor.value === 'function';
    }
    return false;
  });
}

function isToolShaped(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    (declaresMethods(value, CALLBACK_METHODS) || declaresMethods(value, PROVIDER_METHODS))
  );
}

/**
 * Whether a class the container knows for a provider (its class, or the class it is provided under) declares
 * tools: `@Tool` methods, or the methods of a ToolCallback or a ToolCallbackProvider. Read from the classes, for a
 * provider whose instance cannot be inspected.
 */
export function classesDeclareTools(classes: readonly unknown[]): boolean {
  return classes.some((type) => {
    if (typeof type !== 'function' || typeof type.prototype !== 'object' || type.prototype === null)
      return false;
    try {
      return (
        ToolMetadataAccessor.getToolMethodNames(type).length > 0 ||
        ToolMetadataAccessor.getStaticToolMethodNames(type).length > 0 ||
        isToolShaped(type.prototype)
      );
    } catch {
      return false;
    }
  });
}

/**
 * A provider whose value is an array: when any entry is a ToolCallback or a ToolCallbackProvider, each entry is
 * registered as if it were provided on its own, and an entry that is neither is a problem naming its position. An
 * array without tools (a list of settings) is left alone; a scoped one with tools cannot be listed at startup.
 */
export function addToolArray(
  values: readonly unknown[],
  provider: string,
  scoped: boolean,
  found: DiscoveredToolsCollector,
): void {
  const shaped = values.map(isToolShaped);
  if (!shaped.includes(true)) return;
  if (scoped) {
    found.addProblem(new ToolDefinitionError(ModuleMessages.scopedToolProvider(provider), provider));
    return;
  }
  values.forEach((value, index) => {
    if (!shaped[index]) {
      const message = ModuleMessages.arrayEntryNotATool(provider, index);
      found.addProblem(new ToolDefinitionError(message, provider));
    } else if (declaresMethods(value as object, CALLBACK_METHODS)) {
      const callback = value as ToolCallback;
      found.addCallback('container', callback, `${sourceOf(callback)} (${provider}, position ${index})`);
    } else
      found.addProvider(
        value as ToolCallbackProvider,
        `ToolCallbackProvider at position ${index} of ${provider}`,
      );
  });
}
