import { SearchMessages } from '../errors/messages/search.messages';
import { ToolCallingOptionsError } from '../errors/tool-calling-options.error';
import type {
  CallAdvisor,
  CallAdvisorChain,
  StreamAdvisor,
  StreamAdvisorChain,
} from '../chat/advisors/advisor';
import { ADVISOR_ORDER } from '../chat/advisors/advisor';
import type { ChatClientRequest } from '../chat/advisors/chat-client-request';
import type { ChatClientResponse } from '../chat/ports/chat-client-response';
import type { ChatStreamEvent } from '../chat/loop/chat-stream-event';
import { toolDefinitionsOf } from '../chat/loop/tool-resolution-cache';
import type { SelectedTools, ToolSelector } from '../chat/loop/tool-selection';
import type { ChatModel } from '../chat/model/chat-model';
import type { Message } from '../chat/model/messages';
import { FunctionToolCallback } from '../tool/function/function-tool-callback';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolContext } from '../tool/tool-context';
import { assertValidToolName } from '../tool/tool-names';
import { MiniSearchToolIndex } from './minisearch-tool-index';
import { NativeToolSearchSelection } from './native-tool-search.selection';
import type { ToolSearchIndex } from './tool-search-index';
import { ToolSearchSession, type ToolSearchSettings } from './tool-search-session';

/** The options of `ToolSearchAdvisor`. */
export interface ToolSearchAdvisorOptions {
  /** Where searches rank the tools. Default: a `MiniSearchToolIndex` of this advisor's own. */
  readonly index?: ToolSearchIndex;
  /**
   * Search only when the caller may use more tools than this; at or below it every tool is offered as usual.
   * Default 0: always.
   */
  readonly threshold?: number;
  /** The most tools one search returns. Default 5. */
  readonly maxResults?: number;
  /** Names of tools always offered (MCP tools, say); a `@Tool({ deferred: false })` is pinned by itself. */
  readonly pinned?: readonly string[];
  /** The most tools loaded by searches at once in a conversation (the oldest leave first). Default 50. */
  readonly maxLoadedTools?: number;
  /** The search tool's name. Default `tool_search`. */
  readonly searchToolName?: string;
  /**
   * Let the provider search when the model can (`ChatModel.nativeToolSearch`: Anthropic's tool search tool, OpenAI's
   * `tool_search` on the Responses API): the caller's visible tools are sent deferred and the provider loads what
   * its search finds; with any other model the library's search runs. Default `false`: the library's search always.
   */
  readonly native?: boolean;
  /** Default `ADVISOR_ORDER.default` (0). */
  readonly order?: number;
}

/**
 * Tool search (as Spring AI's tool-search advisor, the AI SDK's `toolSearch()`): instead of every tool in every
 * model request, the model is offered a search tool and the pinned tools; each search returns the best matching
 * tools, which are callable from the next round and stay loaded for the rest of the run, and of the conversation
 * when its history is kept (chat memory). Only the tools the caller may see are ranked, returned or run; the
 * search tool runs through the same limits, hooks and telemetry as any tool.
 *
 * ```ts
 * const chat = ChatClient.create(model, { tools: [catalog], advisors: [new ToolSearchAdvisor({ threshold: 30 })] });
 * ```
 */
export class ToolSearchAdvisor implements CallAdvisor, StreamAdvisor, ToolSelector {
  /** The advisor's name in logs and telemetry. */
  readonly name = 'ToolSearchAdvisor';
  /** Where it sits among the advisors (it only marks the request: any order works). */
  readonly order: number;
  private readonly threshold: number;
  private readonly native: boolean;
  private readonly settings: ToolSearchSettings;

  constructor(options: ToolSearchAdvisorOptions = {}) {
    this.order = options.order ?? ADVISOR_ORDER.default;
    this.threshold = count('threshold', options.threshold ?? 0, 0);
    this.native = options.native ?? false;
    const maxResults = count('maxResults', options.maxResults ?? 5, 1);
    const searchToolName = options.searchToolName ?? 'tool_search';
    assertValidToolName(searchToolName, 'ToolSearchAdvisor.searchToolName');
    this.settings = {
      index: options.index ?? new MiniSearchToolIndex(),
      maxResults,
      maxLoadedTools: count('maxLoadedTools', options.maxLoadedTools ?? 50, 1),
      pinned: new Set(options.pinned ?? []),
      searchTool: searchToolOf(searchToolName, maxResults),
    };
  }

  /** Sets this advisor as the request's tool selector, for the loop at the chain's end. */
  adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    return chain.nextCall(request.with({ toolSelector: this }));
  }

  /** As `adviseCall()`, for `stream()`. */
  adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatStreamEvent> {
    return chain.nextStream(request.with({ toolSelector: this }));
  }

  /**
   * Called by the chat run with the caller's visible tools: all of them at or below the threshold; the pinned ones
   * and the others deferred when the provider searches (`native`); else a search session (the index brought up to
   * date first).
   */
  async select(
    tools: ReadonlyMap<string, ToolCallback>,
    _context: ToolContext,
    history: readonly Message[],
    model?: ChatModel,
  ): Promise<SelectedTools> {
    if (tools.size <= this.threshold) return { tools, definitions: () => toolDefinitionsOf(tools) };
    if (this.native && model?.nativeToolSearch === true)
      return new NativeToolSearchSelection(tools, this.settings.pinned);
    await this.settings.index.update(tools);
    return new ToolSearchSession(tools, this.settings, history);
  }
}

function count(option: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new ToolCallingOptionsError(`ToolSearchAdvisor.${option}`, value, `an integer of at least ${min}`);
  }
  return value;
}

function searchToolOf(name: string, maxResults: number): ToolCallback {
  return FunctionToolCallback.from({
    name,
    description: SearchMessages.searchToolDescription(maxResults),
    inputSchema: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          minLength: 1,
          maxLength: 500,
          description: SearchMessages.searchQueryDescription(),
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    // Never run: each chat run has its own search tool (ToolSearchSession), which borrows this one's validation.
    fn: () => '',
  });
}
