import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import type { ChatOptions, ToolChoice } from '../../chat/model/chat-options';
import type { Prompt } from '../../chat/model/prompt';
import { toOpenAiMessages } from './openai-message.mapper';
import { toOpenAiTool, type OpenAiStrictPolicy } from './openai-tool.mapper';

/** What the adapter fixes for every chat completions request: model, strict mode, the max-tokens field. */
export interface OpenAiRequestSettings {
  readonly model: string;
  readonly strict: OpenAiStrictPolicy;
  readonly maxTokensParameter: 'max_tokens' | 'max_completion_tokens';
}

/**
 * The body of a chat completions request (without the stream flags). `providerOptions` go first, so the fields the
 * adapter sets win; options left unset are not sent, and the tool fields are sent only with tools.
 */
export function toOpenAiRequest(
  prompt: Prompt,
  options: ChatOptions,
  settings: OpenAiRequestSettings,
): ChatCompletionCreateParamsBase {
  const body: ChatCompletionCreateParamsBase = {
    ...(options.providerOptions as Partial<ChatCompletionCreateParamsBase> | undefined),
    model: options.model ?? settings.model,
    messages: toOpenAiMessages(prompt.messages),
  };
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.topP !== undefined) body.top_p = options.topP;
  if (options.maxTokens !== undefined) body[settings.maxTokensParameter] = options.maxTokens;
  if (options.stop !== undefined && options.stop.length > 0) body.stop = [...options.stop];
  if (prompt.tools.length > 0) {
    body.tools = prompt.tools.map((tool) => toOpenAiTool(tool, settings.strict));
    if (options.toolChoice !== undefined) body.tool_choice = toOpenAiToolChoice(options.toolChoice);
    if (options.parallelToolCalls !== undefined) body.parallel_tool_calls = options.parallelToolCalls;
  }
  return body;
}

function toOpenAiToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}
