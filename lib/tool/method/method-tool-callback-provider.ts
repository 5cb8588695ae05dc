import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackProvider } from '../tool-callback-provider';
import { indexByName } from '../tool-name-registry';
import { MethodToolCallback } from './method-tool-callback';
import { staticToolCallbacksOf } from './static-tool-methods';

/**
 * Callbacks for every `@Tool` method of the given objects, static ones included (called on their class; a class
 * given instead of an instance offers its static tools). An object without any `@Tool` method is an error, and
 * so is a name defined twice (the error lists every `Class.method` involved).
 */
export class MethodToolCallbackProvider implements ToolCallbackProvider {
  /** Its tools are fixed when it is made. */
  readonly isStatic = true;
  private readonly callbacks: readonly ToolCallback[];

  constructor(toolObjects: Iterable<object>) {
    const callbacks = new Set<ToolCallback>();
    for (const object of toolObjects) {
      // A class stands for its static tools; an instance for its methods and its class's static tools.
      const isClass = typeof object === 'function';
      const type = isClass
        ? object
        : typeof object === 'object' && object !== null
          ? ToolMetadataAccessor.classOf(object)
          : undefined;
      const methodNames = type && !isClass ? ToolMetadataAccessor.getToolMethodNames(type) : [];
      const statics = type ? staticToolCallbacksOf(type) : [];
      if (methodNames.length === 0 && statics.length === 0) {
        throw new ToolDefinitionError(
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- without a class, `object` is a primitive a JS caller passed
          `${type?.name ?? String(object)} has no @Tool() methods; pass objects whose class declares tools`,
          type?.name,
        );
      }
      for (const methodName of methodNames)
        callbacks.add(new MethodToolCallback({ target: object, targetClass: type, methodName }));
      for (const callback of statics) callbacks.add(callback);
    }
    this.callbacks = Object.freeze([...indexByName(callbacks).values()]);
  }

  /** The `@Tool` methods of these objects; throws `ToolDefinitionError` for a tool that cannot be defined. */
  static from(...toolObjects: object[]): MethodToolCallbackProvider {
    return new MethodToolCallbackProvider(toolObjects);
  }

  /** One callback per `@Tool` method, in the objects' order. */
  getToolCallbacks(): readonly ToolCallback[] {
    return this.callbacks;
  }
}
