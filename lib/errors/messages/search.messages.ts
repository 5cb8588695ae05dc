import { previewValue } from './tool.messages';

/** Texts of tool search: for the model (tool results) and for the application (errors). */
export const SearchMessages = {
  toolNotLoaded: (toolName: string, searchToolName: string) =>
    `The tool ${previewValue(toolName)} is not loaded. Call "${searchToolName}" with a few words saying what you ` +
    'need; the tools it finds can be called from the next step.',

  searchToolDescription: (maxResults: number) =>
    'Searches the tools available in this conversation. Most tools are not listed until a search finds them: ' +
    'describe what you need to do in a few words a tool would use in its name or description (e.g. "weather ' +
    `forecast", not "umbrella"); the best matches (at most ${maxResults}) become callable from your next step. ` +
    'Search again with other words if none fits.',

  searchQueryDescription: () => 'What the tool should do, in a few words (e.g. "refund an order").',

  noToolFound: () => 'No tool matches: try other words, or answer without a tool.',

  indexUnavailable: () =>
    'an index: the default one needs the "minisearch" package, which could not be loaded (install it, or pass ' +
    'an index of your own)',
};
