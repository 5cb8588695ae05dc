import {
  TOOL_METADATA,
  TOOL_PARAMS_METADATA,
  TOOL_PROPERTIES_METADATA,
  TOOL_PROPERTY_METADATA,
} from '../../tool-calling.constants';
import type { ToolOptions, ToolParamOptions } from './tool-options';
import type { ToolParamMarker } from './tool-param.decorator';

/**
 * The one place that reads the decorators' metadata. Metadata is stored on the class prototype under the method's
 * key (not on the function), so it survives other decorators that wrap the method, and is found from subclasses
 * and from instances wrapped in a `Proxy`.
 */
export const ToolMetadataAccessor = {
  /** The real class of an instance, even when the instance is a `Proxy` or was made by a subclassing wrapper. */
  classOf(instance: object): Function | undefined {
    const prototype = Object.getPrototypeOf(instance) as { constructor?: unknown } | null;
    return prototype && typeof prototype.constructor === 'function' ? prototype.constructor : undefined;
  },

  getToolOptions(prototype: object, methodName: string | symbol): ToolOptions | undefined {
    return Reflect.getMetadata(TOOL_METADATA, prototype, methodName) as ToolOptions | undefined;
  },

  /** Names of the `@Tool` methods of a class and its ancestors, each once. */
  getToolMethodNames(type: Function): string[] {
    const names = new Set<string>();
    for (
      let proto = type.prototype as object | null | undefined;
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto) as object | null
    ) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor' || names.has(name)) continue;
        const descriptor = Object.getOwnPropertyDescriptor(proto, name);
        if (
          descriptor &&
          typeof descriptor.value === 'function' &&
          Reflect.hasMetadata(TOOL_METADATA, type.prototype as object, name)
        ) {
          names.add(name);
        }
      }
    }
    return [...names];
  },

  /**
   * Names of the static `@Tool` methods of a class and its ancestors, each once (a static method is decorated on
   * the constructor, so its metadata lives there).
   */
  getStaticToolMethodNames(type: Function): string[] {
    const names = new Set<string>();
    for (
      let owner: Function | null = type;
      owner && owner !== Function.prototype;
      owner = Object.getPrototypeOf(owner) as Function | null
    ) {
      for (const name of Object.getOwnPropertyNames(owner)) {
        if (names.has(name) || name === 'prototype' || name === 'length' || name === 'name') continue;
        const descriptor = Object.getOwnPropertyDescriptor(owner, name);
        if (
          descriptor &&
          typeof descriptor.value === 'function' &&
          Reflect.hasMetadata(TOOL_METADATA, type, name)
        )
          names.add(name);
      }
    }
    return [...names];
  },

  getParamMarkers(prototype: object, methodName: string | symbol): Readonly<Record<number, ToolParamMarker>> {
    return (
      (Reflect.getMetadata(TOOL_PARAMS_METADATA, prototype, methodName) as
        Record<number, ToolParamMarker> | undefined) ?? {}
    );
  },

  /** The return type TypeScript wrote for the method (`Function` for a function type), when it wrote one. */
  getReturnType(prototype: object, methodName: string | symbol): unknown {
    return Reflect.getMetadata('design:returntype', prototype, methodName) as unknown;
  },

  getParamTypes(prototype: object, methodName: string | symbol): readonly unknown[] | undefined {
    return Reflect.getMetadata('design:paramtypes', prototype, methodName) as unknown[] | undefined;
  },

  /** `@ToolParam` options on the properties of a DTO class, own and inherited (the subclass wins). */
  getPropertyOptions(type: Function): Map<string, ToolParamOptions> {
    const chain: object[] = [];
    for (
      let proto = type.prototype as object | null | undefined;
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto) as object | null
    ) {
      chain.unshift(proto);
    }
    const result = new Map<string, ToolParamOptions>();
    for (const proto of chain) {
      for (const key of (Reflect.getOwnMetadata(TOOL_PROPERTIES_METADATA, proto) ?? []) as (
        string | symbol
      )[]) {
        if (typeof key === 'string')
          result.set(key, Reflect.getOwnMetadata(TOOL_PROPERTY_METADATA, proto, key) as ToolParamOptions);
      }
    }
    return result;
  },
};
