import type { StandardSchemaV1 } from '@standard-schema/spec';
import { TOOL_METADATA } from '../../tool-calling.constants';
import type { ToolOptions } from './tool-options';

/**
 * Marks a provider method as a tool the model can call. With a Standard Schema as `input`, the method's first
 * parameter must accept the schema's output type: a mismatch is a compile error.
 */
export function Tool<S extends StandardSchemaV1>(
  options: ToolOptions & { input: S },
): <M extends (input: StandardSchemaV1.InferOutput<S>, ...rest: any[]) => unknown>(
  target: object,
  propertyKey: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;
/** Marks a provider method as a tool the model can call, its input described by `@ToolParam()` or a JSON Schema. */
export function Tool(options?: ToolOptions): MethodDecorator;
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, propertyKey) => {
    Reflect.defineMetadata(TOOL_METADATA, { ...options }, target, propertyKey);
  };
}
