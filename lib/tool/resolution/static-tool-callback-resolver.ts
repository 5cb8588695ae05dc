import type { ToolCallback } from '../tool-callback';
import { indexByName } from '../tool-name-registry';
import type { ToolCallbackResolver } from './tool-callback-resolver';

/** Resolves names against a fixed set of callbacks, indexed once; duplicate names are refused when it is made. */
export class StaticToolCallbackResolver implements ToolCallbackResolver {
  private readonly byName: ReadonlyMap<string, ToolCallback>;

  constructor(callbacks: Iterable<ToolCallback>) {
    this.byName = indexByName(callbacks);
  }

  /** undefined { | The callback of this name, if any. */
  resolve(toolName: string): ToolCallback | undefined {
    return this.byName.get(toolName);
  }

  /** Every callback it was made with. */
  getToolCallbacks(): readonly ToolCallback[] {
    return [...this.byName.values()];
  }
}
