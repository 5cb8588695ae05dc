import type { ToolCallback } from '../tool/tool-callback';

/** One search: the query the model wrote and which tools may be returned. */
export interface ToolSearchQuery {
  /** The model's words (untrusted). */
  readonly text: string;
  /** The most tools to return. */
  readonly limit: number;
  /**
   * Whether a tool may be returned: only those the caller may see (their guards allow them) and that are not already
   * offered. An index must apply it while ranking, so that what a caller may not see never takes a place.
   */
  readonly accepts: (name: string) => boolean;
}

/**
 * The index behind tool search: bring your own (embeddings, a vector store) by implementing it. The default,
 * `MiniSearchToolIndex`, ranks with BM25 over names, descriptions and parameters.
 */
export interface ToolSearchIndex {
  /**
   * Called at the start of every chat call with the caller's tools: add what is new, replace what changed (an MCP
   * server's list after `list_changed`). It should be cheap when nothing changed.
   */
  update(tools: ReadonlyMap<string, ToolCallback>): void | Promise<void>;
  /** The names of the best matches, best first, only among those `query.accepts`. */
  search(query: ToolSearchQuery): readonly string[] | Promise<readonly string[]>;
}
