import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import type { ToolOptions } from '../decorators/tool-options';
import type { ToolParamMarker } from '../decorators/tool-param.decorator';
import { DtoInputParser } from '../input/dto-input.parser';
import { JsonSchemaInputParser } from '../input/json-schema-input.parser';
import { StandardSchemaInputParser } from '../input/standard-schema-input.parser';
import type { ToolInputParser } from '../input/tool-input-parser';
import { JSON_SCHEMA_DRAFT_2020_12 } from '../json-schema';
import { EMPTY_OBJECT_SCHEMA } from '../schema/model-schema';
import { paramSchema, type ParamSchema } from '../schema/param-schema.factory';
import { hasValidationMetadata } from '../schema/dto-schema.factory';
import { describeTool, type ToolDescriptor } from '../tool-definition.factory';
import { ToolContext } from '../tool-context';
import { readParameterNames } from './parameter-names';

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

export interface InputParameter {
  readonly index: number;
  /** The input property it takes; absent for a parameter that takes the whole input (a DTO, a schema's value). */
  readonly name?: string;
}

const plans = new WeakMap<Function, Map<string, ToolMethodPlan>>();

const NOT_A_DTO = new Set<unknown>([
  undefined,
  String,
  Number,
  Boolean,
  Date,
  Array,
  Object,
  Function,
  Promise,
  Symbol,
  BigInt,
]);

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
  const markers = ToolMetadataAccessor.getParamMarkers(prototype, methodName);
  const designTypes = ToolMetadataAccessor.getParamTypes(prototype, methodName) ?? [];
  const markerIndexes = Object.keys(markers).map(Number);
  const arity = Math.max(method.length, designTypes.length, ...markerIndexes.map((i) => i + 1));

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
  return {
    ...describeTool(methodName, options, binding.schema, source),
    source,
    methodName,
    contextIndex,
    arity,
    inputParameters: binding.parameters,
    toArguments: binding.toArguments,
  };
}

interface Binding {
  readonly schema: ToolInputParser['schema'];
  readonly parameters: readonly InputParameter[];
  readonly toArguments: (input: Record<string, unknown>, toolName: string) => unknown[] | Promise<unknown[]>;
}

/** The whole input goes to one parameter (a schema on `@Tool`, or a DTO). */
function bindWhole(parser: ToolInputParser, inputIndex: number | undefined, arity: number): Binding {
  return {
    schema: parser.schema,
    parameters: inputIndex === undefined ? [] : [{ index: inputIndex }],
    toArguments: async (input, toolName) => {
      const value = await parser.parse(input, toolName);
      const args = new Array<unknown>(arity);
      if (inputIndex !== undefined) args[inputIndex] = value;
      return args;
    },
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

function parameterBinding(
  method: Function,
  markers: Readonly<Record<number, ToolParamMarker>>,
  designTypes: readonly unknown[],
  inputIndexes: number[],
  arity: number,
  source: string,
): Binding {
  if (inputIndexes.length === 0)
    return bindWhole(new JsonSchemaInputParser(EMPTY_OBJECT_SCHEMA, source), undefined, arity);

  const dtoIndex = findDtoParameter(markers, designTypes, inputIndexes, source);
  if (dtoIndex !== undefined) {
    const marker = markers[dtoIndex];
    const dtoType = (marker?.kind === 'input' && marker.type) || designTypes[dtoIndex];
    if (inputIndexes.length > 1) {
      throw new ToolDefinitionError(
        `${source}: parameter #${dtoIndex} is the input DTO, so the tool cannot have other parameters ` +
          '(besides a ToolContext); move them into the DTO',
        source,
      );
    }
    if (typeof dtoType !== 'function' || NOT_A_DTO.has(dtoType)) {
      throw new ToolDefinitionError(
        `${source}: the class of the @ToolInput() parameter #${dtoIndex} is not known at runtime; give it with @ToolInput(TheDto)`,
        source,
      );
    }
    return bindWhole(new DtoInputParser(dtoType as new () => object, source), dtoIndex, arity);
  }

  // Read from the source only when a parameter needs it: parsing it is most of the cost of a tool whose
  // parameters are all named.
  let sourceNames: (string | undefined)[] | undefined;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const params: Array<{ index: number; name: string; convert?: ParamSchema['convert'] }> = [];
  for (const index of inputIndexes) {
    const marker = markers[index];
    const paramOptions = marker?.kind === 'param' ? marker.options : {};
    const name = paramOptions.name ?? (sourceNames ??= readParameterNames(method))[index];
    if (name === undefined) {
      throw new ToolDefinitionError(
        `${source}: the name of parameter #${index} cannot be known for sure; name it with @ToolParam({ name: '…' })`,
        source,
      );
    }
    if (Object.hasOwn(properties, name)) {
      throw new ToolDefinitionError(`${source}: two parameters are named "${name}"`, source);
    }
    const label = `parameter #${index} "${name}"`;
    const { schema, convert } = paramSchema(paramOptions, designTypes[index], label, source);
    properties[name] = schema;
    if (paramOptions.required !== false) required.push(name);
    params.push({ index, name, convert });
  }
  const parser = new JsonSchemaInputParser(
    { $schema: JSON_SCHEMA_DRAFT_2020_12, type: 'object', properties, required, additionalProperties: false },
    source,
  );
  return {
    schema: parser.schema,
    parameters: params.map(({ index, name }) => ({ index, name })),
    toArguments: (input, toolName) => {
      parser.parse(input, toolName);
      const args = new Array<unknown>(arity);
      for (const { index, name, convert } of params) {
        const value = Object.hasOwn(input, name) ? input[name] : undefined;
        args[index] = convert && value !== undefined && value !== null ? convert(value) : value;
      }
      return args;
    },
  };
}

/** The parameter that takes the whole input as a DTO: marked with @ToolInput, or the only one and a DTO class. */
function findDtoParameter(
  markers: Readonly<Record<number, ToolParamMarker>>,
  designTypes: readonly unknown[],
  inputIndexes: number[],
  source: string,
): number | undefined {
  const marked = inputIndexes.find((i) => markers[i]?.kind === 'input');
  if (marked !== undefined) return marked;
  if (inputIndexes.length !== 1) return undefined;
  const index = inputIndexes[0];
  const designType = designTypes[index];
  if (markers[index] !== undefined || typeof designType !== 'function' || NOT_A_DTO.has(designType))
    return undefined;
  return hasValidationMetadata(designType, source) ? index : undefined;
}
