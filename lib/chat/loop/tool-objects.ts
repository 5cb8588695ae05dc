import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import { MethodToolCallbackProvider } from '../../tool/method/method-tool-callback-provider';
import { staticToolCallbacksOf } from '../../tool/method/static-tool-methods';
import { isToolCallback, type ToolCallback } from '../../tool/tool-callback';
import { isToolCallbackProvider, type ToolCallbackProvider } from '../../tool/tool-callback-provider';
import { ChatMessages } from '../../errors/messages/chat.messages';
import { TOOL_NAME_PATTERN } from '../../tool-calling.constants';
import { sourceOf } from '../../tool/tool-name-registry';
import { assertValidToolName } from '../../tool/tool-names';
import { hasFixedDefinition } from '../../tool/fixed-definition';
import { assertValidInputSchema } from '../../tool/schema/input-schema.check';

const callbacksByObject = new WeakMap<object, readonly ToolCallback[]>();

/**
 * The callbacks of the `@Tool` methods of an object, built once per object: passing the same instance to
 * `.tools()` on every request reuses its definitions and validators.
 */
export function toolCallbacksOfObject(object: object): readonly ToolCallback[] {
  let callbacks = callbacksByObject.get(object);
  if (callbacks === undefined) {
    assertToolObject(object);
    callbacks = new MethodToolCallbackProvider([object]).getToolCallbacks();
    callbacksByObject.set(object, callbacks);
  }
  return callbacks;
}

/**
 * Records the callbacks already built for an object's `@Tool` methods (by the module's discovery), so that passing
 * the same instance to `.tools()` reuses them: the same callbacks, not a second set that would clash by name.
 */
export function shareToolCallbacksOfObject(object: object, callbacks: readonly ToolCallback[]): void {
  if (!callbacksByObject.has(object)) callbacksByObject.set(object, Object.freeze([...callbacks]));
}

function assertToolObject(object: unknown): void {
  let what: string | undefined;
  if (typeof object === 'function') {
    if (staticToolCallbacksOf(object).length === 0)
      what = `the class ${object.name || '(anonymous)'} itself; pass an instance`;
  } else if (typeof object !== 'object' || object === null) what = String(object);
  else if (isToolCallback(object)) what = 'a ToolCallback';
  else if (isToolCallbackProvider(object)) what = 'a ToolCallbackProvider';
  if (what !== undefined) throw new InvalidChatRequestError(ChatMessages.notAToolObject(what));
}

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
