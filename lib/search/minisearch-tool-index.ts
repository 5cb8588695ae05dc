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
  /**
   * How many times the words of each part of a definition count (whole numbers, 0 to leave a part out). Default:
   * name 3, description 2, parameters 1. The parts are indexed as one text, as BM25F does: a word found in the name,
   * the description and the parameters of one tool counts with diminishing returns, not three times over.
   */
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
  private readonly weights: readonly [keyof ToolSearchDocument, number][];

  constructor(options: MiniSearchToolIndexOptions = {}) {
    const fuzzy = options.fuzzy ?? 0.2;
    this.weights = Object.entries({ name: 3, description: 2, parameters: 1, ...options.boost }).map(
      ([part, weight]) => [part as keyof ToolSearchDocument, repetitions(`boost.${part}`, weight)],
    );
    this.searchOptions = {
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
    const weights = this.weights;
    return new MiniSearch({
      fields: ['text'],
      extractField: (document: ToolSearchDocument, field: string) =>
        field === 'id' ? document.id : weightedText(document, weights),
      storeFields: [],
      // Vacuuming runs on timers; a discarded tool's leftovers go when the index is rebuilt.
      autoVacuum: false,
      tokenize: toolSearchTerms,
      processTerm: (term: string) => (STOP_WORDS.has(term) ? null : term),
      searchOptions: this.searchOptions,
    });
  }
}

function repetitions(option: string, value: number | undefined): number {
  if (value === undefined || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new ToolCallingOptionsError(`MiniSearchToolIndex.${option}`, value, 'a whole number from 0 to 10');
  }
  return value;
}

/** The document as one text, each part repeated by its weight (BM25's term frequency saturates across them). */
function weightedText(
  document: ToolSearchDocument,
  weights: readonly [keyof ToolSearchDocument, number][],
): string {
  const parts: string[] = [];
  for (const [part, weight] of weights) for (let i = 0; i < weight; i++) parts.push(document[part]);
  return parts.join(' ');
}

/** Words that match every tool and rank none. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do for from get give has have how i in is it me my of on or please show so some tell that the their them then there this to use want was we what when where which who will with would you your'.split(
    ' ',
  ),
);
