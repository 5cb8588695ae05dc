import type { ToolCallback } from '../tool-callback';

/** Finds a tool by name. Names come from users' code (`.toolNames(...)`), never from a model. */
export interface ToolCallbackResolver {
  resolve(toolName: string): ToolCallback | undefined;
}
