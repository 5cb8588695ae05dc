// The callbacks of objects with `@Tool()` methods, cached per object: a ChatClient's `tools` and a request's
// `.tools()` build them through it, and the module's discovery shares the ones it built, so that one instance has
// one set of callbacks wherever it is passed.
import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import { ChatMessages } from '../../errors/messages/chat.messages';
import { isToolCallback, type ToolCallback } from '../tool-callback';
import { isToolCallbackProvider } from '../tool-callback-provider';
import { MethodToolCallbackProvider } from './method-tool-callback-provider';
import { staticToolCallbacksOf } from './static-tool-methods';

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
