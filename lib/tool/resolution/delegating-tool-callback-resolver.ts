import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackResolver } from './tool-callback-resolver';

/** Asks each resolver in turn and returns the first callback found. */
export class DelegatingToolCallbackResolver implements ToolCallbackResolver {
  private readonly resolvers: readonly ToolCallbackResolver[];

  constructor(resolvers: Iterable<ToolCallbackResolver>) {
    this.resolvers = Object.freeze([...resolvers]);
  }

  /** undefined { | The first resolver's answer that is not `undefined`. */
  resolve(toolName: string): ToolCallback | undefined {
    for (const resolver of this.resolvers) {
      const callback = resolver.resolve(toolName);
      if (callback !== undefined) return callback;
    }
    return undefined;
  }
}
