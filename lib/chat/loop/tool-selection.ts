import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ChatModel } from '../model/chat-model';
import type { Message } from '../model/messages';

/**
 * Which of the caller's tools a run offers the model, round by round (tool search: a search tool and the tools
 * loaded so far, instead of every tool). Set on a request by an advisor (`ToolSearchAdvisor`).
 */
export interface ToolSelector {
  /**
   * The selection for one run. `tools` are the tools this caller may see (visibility already applied); `history` is
   * the conversation the run starts from (a resumed run's included), so that tools loaded earlier stay loaded;
   * `model` the model the run asks (whether it searches natively: `ChatModel.nativeToolSearch`).
   */
  select(
    tools: ReadonlyMap<string, ToolCallback>,
    context: ToolContext,
    history: readonly Message[],
    model: ChatModel,
  ): SelectedTools | Promise<SelectedTools>;
}

/** The tools of one run as a selector chose them. */
export interface SelectedTools {
  /** What a round may run, by the name the model sends (consulted on every call). */
  readonly tools: ReadonlyMap<string, ToolCallback>;
  /** The definitions offered in the next model request. */
  definitions(): readonly ToolDefinition[];
}
