import type { MessageCreateParamsBase, Tool, ToolChoice } from '@anthropic-ai/sdk/resources/messages';
import type { ChatOptions } from '../../chat/model/chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { ToolDefinition } from '../../tool/tool-definition';
import { DEFAULT_ANTHROPIC_MAX_TOKENS } from './anthropic.constants';
import { toAnthropicConversation } from './anthropic-message.mapper';
import { withToolSearchTool } from './anthropic-tool-search';

/** What the adapter fixes for every Messages API request: the default model and `max_tokens`. */
export interface AnthropicRequestSettings {
  readonly model: string;
  readonly maxTokens?: number;
}

/**
 * The body of a Messages API request (without `stream`). `providerOptions` go first (`thinking`, `top_k`,
 * `metadata`…), so the fields the adapter sets win. `temperature` and `top_p` are sent only when set (the newest
 * models refuse them). `parallelToolCalls: false` becomes `disable_parallel_tool_use` on the tool choice.
 */
export function toAnthropicRequest(
  prompt: Prompt,
  options: ChatOptions,
  settings: AnthropicRequestSettings,
): MessageCreateParamsBase {
  const conversation = toAnthropicConversation(prompt.messages);
  const body: MessageCreateParamsBase & { temperature?: number; top_p?: number } = {
    ...(options.providerOptions as Partial<MessageCreateParamsBase> | undefined),
    model: options.model ?? settings.model,
    max_tokens: options.maxTokens ?? settings.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
    messages: conversation.messages,
  };
  if (conversation.system !== undefined) body.system = conversation.system;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.topP !== undefined) body.top_p = options.topP;
  if (options.stop !== undefined && options.stop.length > 0) body.stop_sequences = [...options.stop];
  if (prompt.tools.length > 0) {
    body.tools = withToolSearchTool(prompt.tools.map(toAnthropicTool));
    const toolChoice = toAnthropicToolChoice(options);
    if (toolChoice) body.tool_choice = toolChoice;
  }
  return body;
}

function toAnthropicTool(definition: ToolDefinition): Tool {
  return {
    name: definition.name,
    description: definition.description,
    input_schema: definition.inputSchema as Tool.InputSchema,
    ...(definition.deferLoading === true ? { defer_loading: true } : {}),
  };
}

function toAnthropicToolChoice(options: ChatOptions): ToolChoice | undefined {
  const choice = options.toolChoice;
  if (choice === 'none') return { type: 'none' };
  const disableParallel = options.parallelToolCalls === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined)
    return options.parallelToolCalls === false ? { type: 'auto', ...disableParallel } : undefined;
  if (choice === 'auto') return { type: 'auto', ...disableParallel };
  if (choice === 'required') return { type: 'any', ...disableParallel };
  return { type: 'tool', name: choice.name, ...disableParallel };
}
