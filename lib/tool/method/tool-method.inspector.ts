import { Messages } from '../../errors/messages/tool.messages';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import type { ToolOptions } from '../decorators/tool-options';
import { JsonSchemaInputParser } from '../input/json-schema-input.parser';
import { StandardSchemaInputParser } from '../input/standard-schema-input.parser';
import type { ToolInputParser } from '../input/tool-input-parser';
import { describeTool, type ToolDescriptor } from '../tool-definition.factory';
import { ToolContext } from '../tool-context';
import {
  bindWhole,
  parameterBinding,
  sharedModelSchema,
  type Binding,
  type InputParameter,
} from './parameter-binding';

export type { InputParameter } from './parameter-binding';

/** Everything needed to call one `@Tool` method, worked out once per class and method. */
export interface ToolMethodPlan extends ToolDescriptor {
  readonly source: string;
  readonly methodName: string;
  /** Position of the `ToolContext` parameter, or -1. */
  readonly contextIndex: number;
  /** How many parameters the method is called with. */
  readonly arity: number;
  /** The parameters bound from the input: the whole input (no name) or one `@ToolParam` each (its name). */
  readonly inputParameters: readonly InputParameter[];
  /** Validated input → positional arguments (the context position left empty). */
  toArguments(input: Record<string, unknown>, toolName: string): unknown[] | Promise<unknown[]>;
}

const plans = new WeakMap<Function, Map<string, ToolMethodPlan>>();

/**
 * Reads a `@Tool` method's decorators (an instance method's, or with `isStatic` a static one's) and parameter types, decides how its input is declared (`@ToolParam`
 * parameters, one DTO parameter, or a schema on `@Tool`), and builds its definition and argument binder. Fails with
 * a `ToolDefinitionError` naming `Class.method` (and the parameter position) when anything is uncertain.
 */
export function inspectToolMethod(type: Function, methodName: string, isStatic = false): ToolMethodPlan {
  let byMethod = plans.get(type);
  if (!byMethod) plans.set(type, (byMethod = new Map<string, ToolMethodPlan>()));
  const key = isStatic ? `static ${methodName}` : methodName;
  let plan = byMethod.get(key);
  if (!plan) byMethod.set(key, (plan = buildPlan(type, methodName, isStatic)));
  return plan;
}

function buildPlan(type: Function, methodName: string, isStatic: boolean): ToolMethodPlan {
  const source = `${type.name}.${methodName}`;
  // A static method's decorators wrote their metadata on the class itself.
  const prototype = isStatic ? type : (type.prototype as object);
  const options = ToolMetadataAccessor.getToolOptions(prototype, methodName);
  const method = (prototype as Record<string, unknown>)[methodName];
  if (!options || typeof method !== 'function') {
    throw new ToolDefinitionError(`${source} is not a method decorated with @Tool()`, source);
  }
  if (ToolMetadataAccessor.getReturnType(prototype, methodName) === Function) {
    throw new ToolDefinitionError(Messages.returnsFunction(source), source);
  }
  const markers = ToolMetadataAccessor.getParamMarkers(prototype, methodName);
  const designTypes = ToolMetadataAccessor.getParamTypes(prototype, methodName) ?? [];
  let arity = Math.max(method.length, designTypes.length);
  for (const index of Object.keys(markers)) arity = Math.max(arity, Number(index) + 1);

  const contextIndexes: number[] = [];
  const inputIndexes: number[] = [];
  for (let i = 0; i < arity; i++) {
    if (markers[i]?.kind === 'context' || (markers[i] === undefined && designTypes[i] === ToolContext))
      contextIndexes.push(i);
    else inputIndexes.push(i);
  }
  if (contextIndexes.length > 1) {
    throw new ToolDefinitionError(
      `${source}: only one parameter can receive the ToolContext (found ${contextIndexes.length})`,
      source,
    );
  }
  const contextIndex = contextIndexes[0] ?? -1;
  const binding =
    options.input || options.inputSchema
      ? wholeInputBinding(options, inputIndexes, arity, source)
      : parameterBinding(method, markers, designTypes, inputIndexes, arity, source);
  const { definition, metadata, resultConverter, outputValidator } = describeTool(
    methodName,
    options,
    binding.schema,
    source,
    sharedModelSchema(binding, Boolean(options.keepFormat)),
  );
  // Spelled out rather than spread: a literal that goes on after a spread is built property by property.
  return {
    definition,
    metadata,
    resultConverter,
    outputValidator,
    source,
    methodName,
    contextIndex,
    arity,
    inputParameters: binding.parameters,
    toArguments: binding.toArguments,
  };
}

function wholeInputBinding(
  options: ToolOptions,
  inputIndexes: number[],
  arity: number,
  source: string,
): Binding {
  if (inputIndexes.length > 1) {
    throw new ToolDefinitionError(
      `${source}: a tool whose input is given on @Tool() takes it as its only parameter (besides a ToolContext), ` +
        `but it has ${inputIndexes.length}`,
      source,
    );
  }
  const parser = options.input
    ? new StandardSchemaInputParser(options.input, options.inputSchema, source)
    : jsonSchemaParser(options, source);
  return bindWhole(parser, inputIndexes[0], arity);
}

function jsonSchemaParser(options: ToolOptions, source: string): ToolInputParser {
  if (options.inputSchema?.type !== 'object') {
    throw new ToolDefinitionError(`${source}: inputSchema must be a JSON Schema with type: "object"`, source);
  }
  return new JsonSchemaInputParser(options.inputSchema, source);
}
