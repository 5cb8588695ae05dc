import { DuplicateToolNameError } from '../errors/duplicate-tool-name.error';
import type { ToolCallback } from './tool-callback';

/** Where a callback comes from, for error messages: `Class.method` for method tools, else the tool name. */
export function sourceOf(callback: ToolCallback): string {
  const source = (callback as { source?: unknown }).source;
  return typeof source === 'string'
    ? source
    : `${callback.constructor?.name ?? 'ToolCallback'}(${callback.getToolDefinition().name})`;
}

/**
 * Indexes callbacks by tool name in a `Map`; throws one `DuplicateToolNameError` listing every duplicated name and
 * every source that defines it.
 */
export function indexByName(callbacks: Iterable<ToolCallback>): Map<string, ToolCallback> {
  const byName = new Map<string, ToolCallback>();
  let duplicates: Map<string, string[]> | undefined;
  for (const callback of callbacks) {
    const name = callback.getToolDefinition().name;
    const existing = byName.get(name);
    if (existing === undefined) {
      byName.set(name, callback);
      continue;
    }
    duplicates ??= new Map();
    const sources = duplicates.get(name) ?? [sourceOf(existing)];
    sources.push(sourceOf(callback));
    duplicates.set(name, sources);
  }
  if (duplicates) throw new DuplicateToolNameError(duplicates);
  return byName;
}
