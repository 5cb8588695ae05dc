import type {
  ContentBlock,
  ContentBlockParam,
  ServerToolUseBlockParam,
  ToolSearchToolResultBlockParam,
  ToolSearchToolResultErrorCode,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';

/** Anthropic's BM25 tool search tool, sent when a request defers tools. */
export const ANTHROPIC_TOOL_SEARCH_TOOL = {
  type: 'tool_search_tool_bm25_20251119',
  name: 'tool_search_tool_bm25',
} as const satisfies ToolUnion;

/** Where an assistant message keeps the blocks of Anthropic's tool search, for the next request. */
const METADATA_KEY = 'anthropicToolSearch';

type SearchBlock = ServerToolUseBlockParam | ToolSearchToolResultBlockParam;

/** The tool search tool after the tools, when one of them is deferred (Anthropic refuses deferred tools without it). */
export function withToolSearchTool(tools: ToolUnion[]): ToolUnion[] {
  return tools.some((tool) => 'defer_loading' in tool && tool.defer_loading === true)
    ? [...tools, ANTHROPIC_TOOL_SEARCH_TOOL]
    : tools;
}

/** A response's tool search blocks as the request params that carry them back, or `undefined` when there are none. */
export function toolSearchMetadata(
  blocks: readonly ContentBlock[],
): Readonly<Record<string, unknown>> | undefined {
  const kept: SearchBlock[] = [];
  for (const block of blocks) {
    const param = searchBlockParam(block);
    if (param) kept.push(param);
  }
  return kept.length === 0 ? undefined : { [METADATA_KEY]: kept };
}

/** The tool search blocks an assistant message carries (only well-formed ones: its metadata may come from a store). */
export function toolSearchBlocks(
  metadata: Readonly<Record<string, unknown>> | undefined,
): ContentBlockParam[] {
  const blocks = metadata?.[METADATA_KEY];
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block) => {
    const param = searchBlockParam(block);
    return param ? [param] : [];
  });
}

type Fields = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null;
}

function searchBlockParam(block: unknown): SearchBlock | undefined {
  if (!isObject(block)) return undefined;
  if (block.type === 'server_tool_use') {
    const name = block.name;
    if (
      typeof block.id !== 'string' ||
      (name !== 'tool_search_tool_bm25' && name !== 'tool_search_tool_regex')
    )
      return undefined;
    return { type: 'server_tool_use', id: block.id, name, input: block.input ?? {} };
  }
  if (block.type !== 'tool_search_tool_result' || typeof block.tool_use_id !== 'string') return undefined;
  const content = block.content;
  if (!isObject(content)) return undefined;
  if (content.type === 'tool_search_tool_search_result' && Array.isArray(content.tool_references)) {
    const references = (content.tool_references as unknown[]).filter(
      (reference): reference is Fields => isObject(reference) && typeof reference.tool_name === 'string',
    );
    return {
      type: 'tool_search_tool_result',
      tool_use_id: block.tool_use_id,
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: references.map((reference) => ({
          type: 'tool_reference',
          tool_name: reference.tool_name as string,
        })),
      },
    };
  }
  if (content.type === 'tool_search_tool_result_error' && typeof content.error_code === 'string') {
    return {
      type: 'tool_search_tool_result',
      tool_use_id: block.tool_use_id,
      content: {
        type: 'tool_search_tool_result_error',
        error_code: content.error_code as ToolSearchToolResultErrorCode,
      },
    };
  }
  return undefined;
}

/**
 * Gathers a stream's tool search blocks: a `server_tool_use` block whose input comes in `input_json_delta`s, and
 * `tool_search_tool_result` blocks, whole in their start event.
 */
export class ToolSearchStreamBlocks {
  private readonly blocks = new Map<number, { block: Record<string, unknown>; json: string }>();

  /** Takes a block's start; `true` when it is one of tool search's. */
  start(index: number, block: ContentBlock): boolean {
    if (searchBlockParam(block) === undefined) return false;
    this.blocks.set(index, { block: { ...block }, json: '' });
    return true;
  }

  /** Takes a fragment of a block's input; `true` when the block is one of tool search's. */
  inputDelta(index: number, partialJson: string): boolean {
    const entry = this.blocks.get(index);
    if (entry === undefined) return false;
    entry.json += partialJson;
    return true;
  }

  /** The blocks as message metadata, inputs parsed (an unparsable one keeps its start's input). */
  metadata(): Readonly<Record<string, unknown>> | undefined {
    const blocks = [...this.blocks.values()].map(({ block, json }) => {
      if (json === '') return block;
      try {
        return { ...block, input: JSON.parse(json) as unknown };
      } catch {
        return block;
      }
    });
    return toolSearchMetadata(blocks as unknown as ContentBlock[]);
  }
}
