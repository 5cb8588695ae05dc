import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import type { ToolCallbackRegistry } from './tool-callback.registry';

/**
 * Every tool of the application, for the injectable `ChatClient`'s defaults: the registry's static and discovered
 * callbacks, and the callbacks of the lazy providers, asked on each call (never at bootstrap).
 */
export class AllToolsProvider implements ToolCallbackProvider {
  constructor(private readonly registry: ToolCallbackRegistry) {}

  getToolCallbacks(): readonly ToolCallback[] | Promise<readonly ToolCallback[]> {
    const known = this.registry.getToolCallbacks();
    const lazy = this.registry.getToolCallbackProviders();
    if (lazy.length === 0) return known;
    return Promise.all(lazy.map((provider) => Promise.resolve(provider.getToolCallbacks()))).then((lists) => [
      ...known,
      ...lists.flat(),
    ]);
  }
}
