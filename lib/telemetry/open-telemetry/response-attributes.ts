import type { Attributes } from '@opentelemetry/api';
import type { Usage } from '../../chat/model/chat-response';
import { GenAi } from '../gen-ai-attributes';

/** `gen_ai.response.*` from a response's metadata (the adapters put the provider's `id` and `model` there). */
export function responseAttributes(
  metadata: Readonly<Record<string, unknown>> | undefined,
  finishReason: string,
): Attributes {
  const attributes: Attributes = { [GenAi.RESPONSE_FINISH_REASONS]: [finishReason] };
  const id = metadata?.id;
  const model = metadata?.model;
  if (typeof id === 'string') attributes[GenAi.RESPONSE_ID] = id;
  if (typeof model === 'string') attributes[GenAi.RESPONSE_MODEL] = model;
  return attributes;
}

export function usageAttributes(usage: Usage | undefined): Attributes {
  if (usage === undefined) return {};
  return {
    [GenAi.USAGE_INPUT_TOKENS]: usage.promptTokens,
    [GenAi.USAGE_OUTPUT_TOKENS]: usage.completionTokens,
  };
}

/** The request options the conventions name, when set. */
export function requestAttributes(options: {
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly topP?: number;
  readonly stop?: readonly string[];
}): Attributes {
  const attributes: Attributes = {};
  if (options.temperature !== undefined) attributes[GenAi.REQUEST_TEMPERATURE] = options.temperature;
  if (options.maxTokens !== undefined) attributes[GenAi.REQUEST_MAX_TOKENS] = options.maxTokens;
  if (options.topP !== undefined) attributes[GenAi.REQUEST_TOP_P] = options.topP;
  if (options.stop !== undefined) attributes[GenAi.REQUEST_STOP_SEQUENCES] = [...options.stop];
  return attributes;
}
