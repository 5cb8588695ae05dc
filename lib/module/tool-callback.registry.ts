import { Injectable } from '@nestjs/common';
import { ToolCallbackRegistryNotReadyError } from '../errors/tool-callback-registry-not-ready.error';
import { ContainerToolCallbackResolver } from '../tool/resolution/container-tool-callback-resolver';
import type { ToolCallbackResolver } from '../tool/resolution/tool-callback-resolver';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import type { DiscoveredTools } from './discovered-tools';

interface RegisteredTools {
  readonly all: readonly ToolCallback[];
  readonly byName: ReadonlyMap<string, ToolCallback>;
  readonly resolver: ToolCallbackResolver;
  readonly lazyProviders: readonly ToolCallbackProvider[];
}

/**
 * Every tool the application has: the module's static tools and the tools discovered in the Nest container, known
 * from `onApplicationBootstrap` on (before that, every method throws `ToolCallbackRegistryNotReadyError`).
 *
 * It is also the module's default `ToolCallbackResolver` (`@InjectToolCallbackResolver()`): static tools first,
 * then the container's, including functions registered as providers under a tool name.
 */
@Injectable()
export class ToolCallbackRegistry implements ToolCallbackResolver {
  private tools?: RegisteredTools;

  /** Static and discovered callbacks, each once; what a chat call offers the model unless told otherwise. */
  getToolCallbacks(): readonly ToolCallback[] {
    return this.ready('getToolCallbacks').all;
  }

  /** The static or discovered tool of that name. */
  get(toolName: string): ToolCallback | undefined {
    return this.ready('get').byName.get(toolName);
  }

  /**
   * The tool of that name, through the static then the container resolver: also finds a function registered as
   * a provider under that name. Names come from users' code, never from a model.
   */
  resolve(toolName: string): ToolCallback | undefined {
    return this.ready('resolve').resolver.resolve(toolName);
  }

  /** The lazy `ToolCallbackProvider`s (options and container), never called at bootstrap: ask them per request. */
  getToolCallbackProviders(): readonly ToolCallbackProvider[] {
    return this.ready('getToolCallbackProviders').lazyProviders;
  }

  /** Whether the tools have been discovered (the application has bootstrapped). */
  get isReady(): boolean {
    return this.tools !== undefined;
  }

  /** @internal Called once by the module's explorer at bootstrap, with the checked result of discovery. */
  load(discovered: DiscoveredTools): void {
    const all = Object.freeze([...discovered.staticCallbacks, ...discovered.containerCallbacks]);
    const { byName } = discovered;
    // Names are unique across static and container tools (discovery refused duplicates), so the one index of all of
    // them answers what the static then the container resolver would; the container resolver is left with the
    // functions registered as providers.
    const functions = new ContainerToolCallbackResolver([], discovered.functions);
    this.tools = {
      all,
      byName,
      resolver: { resolve: (toolName) => byName.get(toolName) ?? functions.resolve(toolName) },
      lazyProviders: discovered.lazyProviders,
    };
  }

  private ready(method: string): RegisteredTools {
    if (!this.tools) throw new ToolCallbackRegistryNotReadyError(method);
    return this.tools;
  }
}
