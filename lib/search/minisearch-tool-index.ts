import { ToolCallingOptionsError } from '../errors/tool-calling-options.error';
import { SearchMessages } from '../errors/messages/search.messages';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolDefinition } from '../tool/tool-definition';
import type { ToolSearchIndex, ToolSearchQuery } from './tool-search-index';
import { toolSearchDocument, toolSearchTerms, type ToolSearchDocument } from './tool-search-terms';

/** The part of MiniSearch used here (its types stay out of the public API). */
interface MiniSearchLike {
  add(document: ToolSearchDocument): void;
  discard(id: string): void;
  search(
    query: string,
    options: { filter: (result: { id: unknown }) => boolean },
  ): readonly { id: unknown }[];
  readonly documentCount: number;
}

type MiniSearchClass = new (options: Record<string, unknown>) => MiniSearchLike;

/** How `MiniSearchToolIndex` ranks. */
export interface MiniSearchToolIndexOptions {
  /** Weights of the fields. Default: name 3, description 2, parameters 1. */
  readonly boost?: Partial<Record<'name' | 'description' | 'parameters', number>>;
  /** Fuzzy matching, as a fraction of the term's length (MiniSearch's `fuzzy`). Default 0.2; 0 for none. */
  readonly fuzzy?: number;
}

let loaded: MiniSearchClass | undefined;

/** Loaded on first use only: an app without tool search never loads it. */
function miniSearch(): MiniSearchClass {
  if (loaded === undefined) {
    try {
      loaded = require('minisearch') as MiniSearchClass;
    } catch {
      throw new ToolCallingOptionsError(
        'ToolSearchAdvisor.index',
        undefined,
        SearchMessages.indexUnavailable(),
      );
    }
  }
  return loaded;
}

/**
 * The default tool-search index: MiniSearch (BM25+), over each tool's name split into words, its description and
 * its parameters' names and descriptions, with prefix and fuzzy matching. Kept up to date by tool definition:
 * a tool whose definition object changed (an MCP list after `list_changed`) is indexed again.
 */
export class MiniSearchToolIndex implements ToolSearchIndex {
  private index: MiniSearchLike | undefined;
  private readonly indexed = new Map<string, ToolDefinition>();
  private readonly seen = new WeakSet<ReadonlyMap<string, ToolCallback>>();
  private readonly searchOptions: Record<string, unknown>;

  constructor(private readonly options: MiniSearchToolIndexOptions = {}) {
    const fuzzy = options.fuzzy ?? 0.2;
    this.searchOptions = {
      boost: { name: 3, description: 2, parameters: 1, ...options.boost },
      prefix: (term: string) => term.length >= 4,
      fuzzy: fuzzy > 0 ? (term: string) => (term.length >= 5 ? fuzzy : false) : false,
      combineWith: 'OR',
    };
  }

  /** The number of tools indexed (those no longer offered are dropped when the index is rebuilt). */
  get size(): number {
    return this.indexed.size;
  }

  /** Indexes the tools not indexed yet, and those whose definition changed; nothing for a map seen before. */
  update(tools: ReadonlyMap<string, ToolCallback>): void {
    if (this.seen.has(tools)) return;
    let index = (this.index ??= this.create());
    // Names no longer offered stay (never returned: not accepted) until they outnumber the tools: then rebuild.
    if (this.indexed.size > 2 * tools.size + 64) {
      index = this.index = this.create();
      this.indexed.clear();
    }
    for (const callback of tools.values()) {
      const definition = callback.getToolDefinition();
      const known = this.indexed.get(definition.name);
      if (known === definition) continue;
      if (known !== undefined) index.discard(definition.name);
      index.add(toolSearchDocument(definition));
      this.indexed.set(definition.name, definition);
    }
    if (tools instanceof Map) this.seen.add(tools);
  }

  /** The best matches among the accepted tools, best first (every query word may match: BM25+ with OR). */
  search(query: ToolSearchQuery): readonly string[] {
    const index = this.index;
    if (index === undefined || query.limit <= 0) return [];
    const accepts = query.accepts;
    const results = index.search(query.text, {
      ...this.searchOptions,
      filter: (result) => accepts(result.id as string),
    });
    const names: string[] = [];
    for (let i = 0; i < results.length && names.length < query.limit; i++)
      names.push(results[i].id as string);
    return names;
  }

  private create(): MiniSearchLike {
    const MiniSearch = miniSearch();
    return new MiniSearch({
      fields: ['name', 'description', 'parameters'],
      storeFields: [],
      // Vacuuming runs on timers; a discarded tool's leftovers go when the index is rebuilt.
      autoVacuum: false,
      tokenize: toolSearchTerms,
      processTerm: (term: string) => (STOP_WORDS.has(term) ? null : term),
      searchOptions: this.searchOptions,
    });
  }
}

/** Words that match every tool and rank none. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do for from get give has have how i in is it me my of on or please show so some tell that the their them then there this to use want was we what when where which who will with would you your'.split(
    ' ',
  ),
);
