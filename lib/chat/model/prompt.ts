import type { ToolDefinition } from '../../tool/tool-definition';
import type { ChatOptions } from './chat-options';
import type { Message } from './messages';

/** One request to a chat model: the conversation so far, the tools offered, the options. */
export interface Prompt {
  /** The conversation so far, the system message first. */
  readonly messages: readonly Message[];
  /** The definitions of the tools the model may call. */
  readonly tools: readonly ToolDefinition[];
  /** Model, temperature, token limit, tool choice… */
  readonly options: ChatOptions;
}
