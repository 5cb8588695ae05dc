import type {
  FunctionTool,
  ResponseCreateParamsBase,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses';
import type { ChatOptions, ToolChoice } from '../../chat/model/chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { ToolDefinition } from '../../tool/tool-definition';
import { strictSchemaFor, type OpenAiStrictPolicy } from '../openai/openai-tool.mapper';
import { toResponsesInput } from './openai-responses-input.mapper';
import { withResponsesToolSearch } from './openai-responses-tool-search';

/** What the adapter fixes for every Responses API request: model, strict mode, `store`, reasoning. */
export interface ResponsesRequestSettings {
  readonly model: string;
  readonly strict: OpenAiStrictPolicy;
  readonly store: boolean;
  /** Ask for `reasoning.encrypted_content`: `true`, `false`, or by model name (o-series, gpt-5). */
  readonly includeReasoning: boolean | undefined;
}

const REASONING_MODEL = /^(o\d|gpt-5|codex)/i;

/**
 * The body of a Responses API request (without the stream flag). `providerOptions` go first, so the fields the
 * adapter sets win; `store` is `false` unless the settings or `providerOptions` say otherwise, and then, for a
 * reasoning model, the reasoning is asked for encrypted so that it can travel in the history.
 */
export function toResponsesRequest(
  prompt: Prompt,
  options: ChatOptions,
  settings: ResponsesRequestSettings,
): ResponseCreateParamsBase {
  const extra = (options.providerOptions ?? {}) as Partial<ResponseCreateParamsBase>;
  const model = options.model ?? settings.model;
  const store = typeof extra.store === 'boolean' ? extra.store : settings.store;
  const body: ResponseCreateParamsBase = {
    ...extra,
    model,
    input: toResponsesInput(prompt.messages),
    store,
  };
  const includeReasoning = settings.includeReasoning ?? REASONING_MODEL.test(model);
  if (!store && includeReasoning) {
    body.include = [...new Set([...(extra.include ?? []), 'reasoning.encrypted_content' as const])];
  }
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.topP !== undefined) body.top_p = options.topP;
  if (options.maxTokens !== undefined) body.max_output_tokens = options.maxTokens;
  if (prompt.tools.length > 0) {
    body.tools = withResponsesToolSearch(prompt.tools.map((tool) => toResponsesTool(tool, settings.strict)));
    if (options.toolChoice !== undefined) body.tool_choice = toResponsesToolChoice(options.toolChoice);
    if (options.parallelToolCalls !== undefined) body.parallel_tool_calls = options.parallelToolCalls;
  }
  return body;
}

/**
 * A function tool. `strict` is always sent: the Responses API takes a missing one as `true`, which refuses the
 * schemas of tools with optional parameters.
 */
export function toResponsesTool(definition: ToolDefinition, policy: OpenAiStrictPolicy): FunctionTool {
  const strictSchema = strictSchemaFor(definition, policy);
  return {
    type: 'function',
    name: definition.name,
    description: definition.description,
    parameters: strictSchema ?? definition.inputSchema,
    strict: strictSchema !== undefined,
    ...(definition.deferLoading === true ? { defer_loading: true } : {}),
  };
}

function toResponsesToolChoice(choice: ToolChoice): ToolChoiceOptions | ToolChoiceFunction {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}
