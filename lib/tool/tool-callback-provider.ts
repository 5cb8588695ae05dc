import type { ToolCallback } from './tool-callback';

/**
 * Anything that yields tool callbacks, possibly asynchronously and possibly different on each call (a table of
 * tools in a database, a remote MCP server).
 */
export interface ToolCallbackProvider {
  /**
   * Promise<readonly ToolCallback[]>; | The tools it offers now (a promise for a provider that must ask, such as an MCP
   * server).
   */
  getToolCallbacks(): readonly ToolCallback[] | Promise<readonly ToolCallback[]>;
  /**
   * `true` when the callbacks are fixed and cheap to get: the module then merges them into its static resolver at
   * bootstrap. Otherwise (the default) the provider is only asked when a request uses it.
   */
  readonly isStatic?: boolean;
}

/** Whether a value has a `getToolCallbacks()` method. */
export function isToolCallbackProvider(value: unknown): value is ToolCallbackProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolCallbackProvider).getToolCallbacks === 'function'
  );
}
