import type { ToolCallback } from '../tool-callback';

/** Finds a tool by name. Names come from users' code (`.toolNames(...)`), never from a model. */
export interface ToolCallbackResolver {
  /** undefined; | The tool of this name, or `undefined` when it knows none. */
  resolve(toolName: string): ToolCallback | undefined;
}
