import { SearchMessages } from '../errors/messages/search.messages';
import type { SelectedTools } from '../chat/loop/tool-selection';
import type { Message } from '../chat/model/messages';
import type { ToolCallback } from '../tool/tool-callback';
import { toolMetadataOf } from '../tool/tool-callback';
import type { ToolContext } from '../tool/tool-context';
import type { ToolDefinition } from '../tool/tool-definition';
import { LoadedToolMap } from './loaded-tool-map';
import type { ToolSearchIndex } from './tool-search-index';

/** What a session needs from its advisor. */
export interface ToolSearchSettings {
  readonly index: ToolSearchIndex;
  readonly searchTool: ToolCallback;
  readonly pinned: ReadonlySet<string>;
  readonly maxResults: number;
  readonly maxLoadedTools: number;
}

/**
 * The tools of one run under tool search: the model is offered the pinned tools, the search tool and what its
 * searches loaded; a search ranks only the caller's visible tools. Tools found by a search in the history the run
 * starts from (memory, a resumed run) are loaded again, if the caller may still see them.
 */
export class ToolSearchSession implements SelectedTools {
  readonly tools: LoadedToolMap;
  private readonly loaded = new Set<string>();
  private offered: readonly ToolDefinition[] | undefined;

  constructor(
    private readonly visible: ReadonlyMap<string, ToolCallback>,
    private readonly settings: ToolSearchSettings,
    history: readonly Message[],
  ) {
    const searchName = settings.searchTool.getToolDefinition().name;
    this.tools = new LoadedToolMap(searchName);
    for (const [name, callback] of visible) {
      if (settings.pinned.has(name) || toolMetadataOf(callback).deferred === false)
        this.tools.set(name, callback);
    }
    this.tools.set(searchName, this.searchToolFor());
    this.load(foundInHistory(history, searchName));
  }

  definitions(): readonly ToolDefinition[] {
    return (this.offered ??= Object.freeze(
      Array.from(this.tools.values(), (callback) => callback.getToolDefinition()),
    ));
  }

  /** The search tool's answer: the best matches as JSON, each now callable. */
  async search(text: string): Promise<string> {
    const visible = this.visible;
    const searchName = this.settings.searchTool.getToolDefinition().name;
    const names = await this.settings.index.search({
      text,
      limit: this.settings.maxResults,
      accepts: (name) => name !== searchName && visible.has(name),
    });
    // An index of the app's may return more, or names it should not: keep only visible ones, at most maxResults.
    const found = names
      .filter((name) => name !== searchName && visible.has(name))
      .slice(0, this.settings.maxResults);
    this.load(found);
    if (found.length === 0) return JSON.stringify({ tools: [], note: SearchMessages.noToolFound() });
    return JSON.stringify({
      tools: found.map((name) => {
        const definition = visible.get(name)!.getToolDefinition();
        return { name, description: definition.description };
      }),
    });
  }

  private load(names: Iterable<string>): void {
    for (const name of names) {
      const callback = this.visible.get(name);
      if (callback === undefined || this.tools.has(name)) continue;
      this.tools.set(name, callback);
      this.loaded.add(name);
      this.offered = undefined;
    }
    // The oldest loaded tools leave first, so that a long conversation does not grow back to every tool.
    for (const name of this.loaded) {
      if (this.loaded.size <= this.settings.maxLoadedTools) break;
      this.loaded.delete(name);
      this.tools.delete(name);
    }
  }

  /** The search tool of this run: the shared definition and validation, searching this session. */
  private searchToolFor(): ToolCallback {
    const shared = this.settings.searchTool;
    return {
      getToolDefinition: () => shared.getToolDefinition(),
      getToolMetadata: () => toolMetadataOf(shared),
      validateInput: (input) => shared.validateInput!(input),
      call: async (input: string, _context?: ToolContext) => {
        const args = await shared.validateInput!(input);
        return this.search(String(args.query));
      },
    };
  }
}

/** The names a successful search returned in the history (its JSON is the library's own; anything else is skipped). */
function foundInHistory(history: readonly Message[], searchName: string): string[] {
  const names: string[] = [];
  for (const message of history) {
    if (message.role !== 'tool') continue;
    for (const response of message.responses) {
      if (response.name !== searchName || response.isError) continue;
      try {
        const parsed = JSON.parse(response.result) as { tools?: unknown };
        if (!Array.isArray(parsed.tools)) continue;
        for (const tool of parsed.tools as { name?: unknown }[]) {
          if (typeof tool?.name === 'string') names.push(tool.name);
        }
      } catch {
        // not a result of this library's search tool
      }
    }
  }
  return names;
}
