import { hasFixedDefinition } from '../../tool/fixed-definition';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { ToolDefinition } from '../../tool/tool-definition';

export type ToolCallbackSource = ToolCallback | ToolCallbackProvider;

/** One resolution of a list of tool sources, and what its providers returned for it. */
export interface ToolResolution {
  readonly sources: readonly ToolCallbackSource[];
  /** Positions of the providers among the sources, and what each returned (a copy, unless it was frozen). */
  readonly providers: readonly number[];
  readonly results: readonly (readonly ToolCallback[])[];
  readonly tools: ReadonlyMap<string, ToolCallback>;
  readonly definitions: readonly ToolDefinition[];
  /** The callbacks whose definition may change (not the library's own), with the definition each had. */
  readonly mutable: readonly (readonly [ToolCallback, ToolDefinition])[];
}

const definitionsByTools = new WeakMap<ReadonlyMap<string, ToolCallback>, readonly ToolDefinition[]>();

/** The definitions of resolved tools, in order: those kept with a remembered resolution, else read now. */
export function toolDefinitionsOf(tools: ReadonlyMap<string, ToolCallback>): readonly ToolDefinition[] {
  return (
    definitionsByTools.get(tools) ?? Array.from(tools.values(), (callback) => callback.getToolDefinition())
  );
}

/**
 * The last resolution under each resolution key (a client's: one key for the defaults of all its calls).
 * Rebuilding the map and the definitions of every tool on every call made a chat call's cost grow with the number
 * of tools offered: 200 tools cost 3× what 3 cost, for the same 3 calls. Selections without a key (the defaults
 * plus one request's tools) are not remembered: each is used once, and remembering short-lived keys in a WeakMap
 * cost more than the rebuild.
 */
export class ToolResolutionCache {
  private readonly resolutions = new WeakMap<object, ToolResolution>();

  /** The resolution kept under `key`, if it was made from these very sources. */
  lookup(key: object, sources: readonly ToolCallbackSource[]): ToolResolution | undefined {
    const resolution = this.resolutions.get(key);
    return resolution !== undefined && sameItems(resolution.sources, sources) ? resolution : undefined;
  }

  remember(
    key: object,
    sources: readonly ToolCallbackSource[],
    providers: readonly number[],
    results: readonly (readonly ToolCallback[])[],
    tools: ReadonlyMap<string, ToolCallback>,
  ): void {
    const definitions: ToolDefinition[] = [];
    const mutable: [ToolCallback, ToolDefinition][] = [];
    for (const callback of tools.values()) {
      const definition = callback.getToolDefinition();
      definitions.push(definition);
      // The library's callbacks fix their definition when they are built: checking 200 of them again on every
      // call cost more than the rest of the reuse.
      if (!hasFixedDefinition(callback)) {
        mutable.push([callback, definition]);
      }
    }
    // Frozen: the same array goes to the model in every request of every call that reuses it.
    Object.freeze(definitions);
    // A provider may hand back the same array after changing it in place: keep what it held.
    const held = results.map((callbacks) => (Object.isFrozen(callbacks) ? callbacks : callbacks.slice()));
    const kept = Object.isFrozen(sources) ? sources : sources.slice();
    this.resolutions.set(key, { sources: kept, providers, results: held, tools, definitions, mutable });
    definitionsByTools.set(tools, definitions);
  }
}

/** Whether the providers returned the very same callbacks, with the same definitions, as when it was built. */
export function isStillValid(
  resolution: ToolResolution,
  results: readonly (readonly ToolCallback[])[],
): boolean {
  const last = resolution.results;
  for (let i = 0; i < results.length; i++) if (!sameItems(last[i], results[i])) return false;
  for (const [callback, definition] of resolution.mutable) {
    if (callback.getToolDefinition() !== definition) return false;
  }
  return true;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
