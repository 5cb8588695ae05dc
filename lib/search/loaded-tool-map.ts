import { ToolNotLoadedError } from '../errors/tool-not-loaded.error';
import type { ToolCallback } from '../tool/tool-callback';
import { DEFAULT_TOOL_METADATA } from '../tool/tool-metadata';

/**
 * The tools a round may run under tool search: the search tool, the pinned tools and those loaded so far. Any
 * other name, a tool no search found as well as one the caller may not see or that does not exist, answers with
 * the same `ToolNotLoadedError`, so the model is told to search and learns nothing about what is hidden.
 */
export class LoadedToolMap extends Map<string, ToolCallback> {
  constructor(private readonly searchToolName: string) {
    super();
  }

  override get(name: string): ToolCallback {
    return super.get(name) ?? notLoaded(name, this.searchToolName);
  }
}

function notLoaded(name: string, searchToolName: string): ToolCallback {
  return {
    getToolDefinition: () => ({ name, description: '', inputSchema: { type: 'object', properties: {} } }),
    getToolMetadata: () => DEFAULT_TOOL_METADATA,
    call: () => Promise.reject(new ToolNotLoadedError(name, searchToolName)),
  };
}
