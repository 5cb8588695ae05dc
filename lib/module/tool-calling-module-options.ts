import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';

/** Options of `ToolCallingModule.forRoot()` and of the factory given to `forRootAsync()`. */
export interface ToolCallingModuleOptions {
  /**
   * Tools that are not `@Tool` methods of Nest providers: function tools, callbacks, and `ToolCallbackProvider`s.
   * Callbacks and static providers (`isStatic: true`) join the static tools at bootstrap, where their names are
   * checked with the discovered ones; lazy providers are only asked when a request uses them.
   */
  toolCallbacks?: (ToolCallback | ToolCallbackProvider)[];
  /**
   * Find `@Tool` methods, `ToolCallback`s, `ToolCallbackProvider`s and functions registered under a tool name in
   * the Nest container at bootstrap. Default `true`; with `false`, only `toolCallbacks` are known.
   */
  discovery?: boolean;
  /**
   * How long a static `ToolCallbackProvider` may take to return its callbacks at bootstrap, in milliseconds
   * (default 10000). A provider that needs longer is not static: let it be asked per request.
   */
  staticProviderTimeoutMs?: number;
}

/** Options of `forRoot()`/`forRootAsync()` that shape the module itself rather than its providers. */
export interface ToolCallingModuleExtras {
  /** Register the module globally, so that every module can inject its services (default `true`). */
  isGlobal?: boolean;
}

/** A class that makes the options, for `forRootAsync({ useClass })` and `forRootAsync({ useExisting })`. */
export interface ToolCallingOptionsFactory {
  createToolCallingOptions(): ToolCallingModuleOptions | Promise<ToolCallingModuleOptions>;
}
