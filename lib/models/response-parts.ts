import type { Usage } from '../chat/model/chat-response';

/** A token count the provider reported: a finite positive number, else 0. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Usage from the counts; the total is the provider's when it gives one, else their sum. */
export function usageOf(promptTokens: number, completionTokens: number, total?: unknown): Usage {
  return {
    promptTokens,
    completionTokens,
    totalTokens: tokenCount(total) || promptTokens + completionTokens,
  };
}

/**
 * The metadata of a response: its id and model when known, the provider's own finish reason (or null), and the
 * `extra` entries that have a value (a refusal, a stop sequence).
 */
export function responseMetadata(
  id: string | undefined | null,
  model: string | undefined | null,
  finishReason: string | null | undefined,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    ...(model ? { model } : {}),
    finishReason: finishReason ?? null,
    ...Object.fromEntries(Object.entries(extra).filter(([, value]) => Boolean(value))),
  };
}
