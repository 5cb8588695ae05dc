import { ToolCallingError } from './tool-calling.error';
import type { Message } from '../chat/model/messages';
import { ChatMessages } from './messages/chat.messages';
import type { ToolCallingLimitName } from './types/tool-calling-limit-name';

export type { ToolCallingLimitName };

/**
 * A chat call hit one of its limits. Carries the conversation so far: the prompt, every round, and the model's last
 * message (whose tool calls were not run).
 */
export class ToolCallingLimitError extends ToolCallingError {
  /** Always `'ToolCallingLimitError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolCallingLimitError';

  constructor(
    /** The limit that was reached. */
    readonly limit: ToolCallingLimitName,
    /** The configured value of the limit. */
    readonly value: number,
    /** The conversation up to the point where the call stopped. */
    readonly history: readonly Message[],
    /** The tool that hit `maxCallsPerTool`. */
    readonly toolName?: string,
    /** The number of calls of a model response refused whole for asking more than `maxToolCallsPerRequest`. */
    readonly requestedCalls?: number,
  ) {
    super(ChatMessages.limitReached(limit, value, toolName, requestedCalls));
  }
}
