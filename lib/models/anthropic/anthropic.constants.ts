/** `max_tokens` when neither the request nor the settings give one: Anthropic requires it. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;
