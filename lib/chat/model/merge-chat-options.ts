import type { ChatOptions } from './chat-options';

/** `override` over `base`; `providerOptions` are merged one level deep. */
export function mergeChatOptions(
  base: ChatOptions | undefined,
  override: ChatOptions | undefined,
): ChatOptions {
  if (!override) return base ?? {};
  if (!base) return override;
  const merged: ChatOptions = { ...base, ...override };
  return base.providerOptions && override.providerOptions
    ? { ...merged, providerOptions: { ...base.providerOptions, ...override.providerOptions } }
    : merged;
}
