import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import { ChatMessages } from '../../errors/messages/chat.messages';
import { TOOL_NAME_PATTERN } from '../../tool-calling.constants';
import { isToolCallback, type ToolCallback } from '../../tool/tool-callback';
import { isToolCallbackProvider, type ToolCallbackProvider } from '../../tool/tool-callback-provider';
import { sourceOf } from '../../tool/tool-name-registry';
import { assertValidToolName } from '../../tool/tool-names';
import { hasFixedDefinition } from '../../tool/fixed-definition';
import { assertValidInputSchema } from '../../tool/schema/input-schema.check';

/** Refuses what is neither a callback nor a provider, naming it, and a callback whose name is not a tool name. */
export function assertToolCallbackSource(
  source: unknown,
): asserts source is ToolCallback | ToolCallbackProvider {
  if (isToolCallback(source)) return assertValidCallbackName(source);
  if (isToolCallbackProvider(source)) return;
  const what =
    source === null || typeof source !== 'object'
      ? String(source)
      : `an instance of ${source.constructor?.name ?? 'Object'}`;
  throw new InvalidChatRequestError(ChatMessages.notAToolCallback(what));
}

/**
 * A hand-written callback is checked where it enters, as `@Tool` methods are when they are built: its name, and
 * its input schema (the library's own callbacks checked theirs when they were built).
 */
export function assertValidCallbackName(callback: ToolCallback): void {
  const definition = callback.getToolDefinition();
  const name = definition?.name;
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name))
    assertValidToolName(name, sourceOf(callback));
  if (!hasFixedDefinition(callback)) assertValidInputSchema(definition.inputSchema, sourceOf(callback));
}
