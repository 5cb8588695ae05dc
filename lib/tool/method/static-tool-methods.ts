import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import { MethodToolCallback } from './method-tool-callback';

const callbacksByClass = new WeakMap<Function, readonly MethodToolCallback[]>();
const callbacksByDeclaration = new WeakMap<Function, Map<string, MethodToolCallback>>();

/**
 * The callbacks of the static `@Tool` methods of a class and its ancestors, each called on the class that declares
 * it. One callback per declared method, however many classes inherit it or instances stand for them: the same tool
 * met twice is one tool, not a duplicate name.
 */
export function staticToolCallbacksOf(type: Function): readonly MethodToolCallback[] {
  let callbacks = callbacksByClass.get(type);
  if (callbacks === undefined) {
    callbacks = ToolMetadataAccessor.getStaticToolMethodNames(type).map((methodName) =>
      declaredCallback(declaringClassOf(type, methodName), methodName),
    );
    callbacksByClass.set(type, callbacks);
  }
  return callbacks;
}

function declaredCallback(declaringClass: Function, methodName: string): MethodToolCallback {
  let byMethod = callbacksByDeclaration.get(declaringClass);
  if (!byMethod)
    callbacksByDeclaration.set(declaringClass, (byMethod = new Map<string, MethodToolCallback>()));
  let callback = byMethod.get(methodName);
  if (!callback)
    byMethod.set(methodName, (callback = new MethodToolCallback({ target: declaringClass, methodName })));
  return callback;
}

/** Up the chain of constructors as long as the ancestor sees the same `@Tool` options for the method. */
function declaringClassOf(type: Function, methodName: string): Function {
  const options = ToolMetadataAccessor.getToolOptions(type, methodName);
  let declaring = type;
  for (
    let parent = Object.getPrototypeOf(type) as unknown;
    typeof parent === 'function' &&
    parent !== Function.prototype &&
    ToolMetadataAccessor.getToolOptions(parent, methodName) === options;
    parent = Object.getPrototypeOf(parent) as unknown
  ) {
    declaring = parent;
  }
  return declaring;
}
