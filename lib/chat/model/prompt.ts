import type { ToolDefinition } from '../../tool/tool-definition';
import type { ChatOptions } from './chat-options';
import type { Message } from './messages';

/** One request to a chat model: the conversation so far, the tools offered, the options. */
export interface Prompt {
  readonly messages: readonly Message[];
  readonly tools: readonly ToolDefinition[];
  readonly options: ChatOptions;
}
