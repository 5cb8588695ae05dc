import type { ToolContext } from '../../tool/tool-context';
import type { ChatResponse, Usage } from '../model/chat-response';
import type { Message } from '../model/messages';
import type { ToolCallRecord } from '../ports/chat-client-response';

/** A chat call as it stands between two rounds: what round preparation and stop conditions see. */
export interface ChatRunState {
  /** Model requests made so far. */
  readonly rounds: number;
  /** The whole conversation so far, the prompt first (tool results as they are: never elided). */
  readonly messages: readonly Message[];
  /** The model's responses so far, in order (for a run resumed after approval: since it resumed). */
  readonly responses: readonly ChatResponse[];
  /** The tool calls run so far, in order. */
  readonly toolExecutions: readonly ToolCallRecord[];
  /** Tokens used so far, summed over the rounds, when the provider says. */
  readonly usage: Usage | undefined;
  /** The tools' context (the application's values: never sent to the model). */
  readonly toolContext: ToolContext;
  /** The advise context (advisor parameters: the conversation id…). */
  readonly context: Readonly<Record<string, unknown>>;
}
