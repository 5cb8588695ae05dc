import type { ResponseInputItem, Tool } from 'openai/resources/responses/responses';
import { isRecord } from '../../util/is-record';

/** OpenAI's hosted tool search, sent when a request defers tools (the API refuses deferred tools without it). */
export function withResponsesToolSearch(tools: Tool[]): Tool[] {
  return tools.some((tool) => tool.type === 'function' && tool.defer_loading === true)
    ? [...tools, { type: 'tool_search' }]
    : tools;
}

/**
 * A response's tool search items (`tool_search_call`, `tool_search_output`: what the search looked for and which
 * deferred tools it loaded) as input items for the next request, so the loaded tools stay loaded.
 */
export function toolSearchItems(output: readonly unknown[]): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const item of output) {
    if (!isRecord(item)) continue;
    const execution: 'server' | 'client' | undefined =
      item.execution === 'server' || item.execution === 'client' ? item.execution : undefined;
    const ids = {
      ...(typeof item.id === 'string' ? { id: item.id } : {}),
      ...(typeof item.call_id === 'string' ? { call_id: item.call_id } : {}),
      ...(execution !== undefined ? { execution } : {}),
    };
    if (item.type === 'tool_search_call') {
      items.push({ type: 'tool_search_call', arguments: item.arguments ?? {}, ...ids });
    } else if (item.type === 'tool_search_output' && Array.isArray(item.tools)) {
      items.push({ type: 'tool_search_output', tools: item.tools as Tool[], ...ids });
    }
  }
  return items;
}
