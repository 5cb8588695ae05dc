import { ToolDefinitionError } from '../../errors/tool-definition.error';
import type { ToolParamOptions } from '../decorators/tool-options';
import type { ToolParamMarker } from '../decorators/tool-param.decorator';
import { DtoInputParser } from '../input/dto-input.parser';
import { JsonSchemaInputParser } from '../input/json-schema-input.parser';
import type { ToolInputParser } from '../input/tool-input-parser';
import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../json-schema';
import { EMPTY_OBJECT_SCHEMA, toModelSchema } from '../schema/model-schema';
import { paramSchema, type ParamSchema } from '../schema/param-schema.factory';
import { hasValidationMetadata } from '../schema/dto-schema.factory';
import { isThenable } from '../../util/thenable';
import { readParameters, type SourceParameter } from './parameter-names';

export interface InputParameter {
  readonly index: number;
  /** The input property it takes; absent for a parameter that takes the whole input (a DTO, a schema's value). */
  readonly name?: string;
}

/** How a tool method's input becomes its arguments. */
export interface Binding {
  readonly schema: ToolInputParser['schema'];
  readonly parameters: readonly InputParameter[];
  readonly toArguments: (input: Record<string, unknown>, toolName: string) => unknown[] | Promise<unknown[]>;
  /** The model's schemas (formats removed, formats kept), made once, when the binding is shared. */
  readonly modelSchemas?: [JsonSchema?, JsonSchema?];
}

/** The model's schema of a shared binding, made on first use; undefined for a binding of one tool only. */
export function sharedModelSchema(binding: Binding, keepFormat: boolean): JsonSchema | undefined {
  const schemas = binding.modelSchemas;
  if (schemas === undefined) return undefined;
  const index = keepFormat ? 1 : 0;
  return (schemas[index] ??= toModelSchema(binding.schema, { keepFormat }));
}

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

/** The whole input goes to one parameter (a schema on `@Tool`, or a DTO). */
export function bindWhole(parser: ToolInputParser, inputIndex: number | undefined, arity: number): Binding {
  return {
    schema: parser.schema,
    parameters: inputIndex === undefined ? [] : [{ index: inputIndex }],
    toArguments: (input, toolName) => {
      const value = parser.parse(input, toolName);
      return isThenable(value)
        ? Promise.resolve(value).then((settled) => wholeArguments(settled, inputIndex, arity))
        : wholeArguments(value, inputIndex, arity);
    },
  };
}

function wholeArguments(value: unknown, inputIndex: number | undefined, arity: number): unknown[] {
  const args = new Array<unknown>(arity);
  if (inputIndex !== undefined) args[inputIndex] = value;
  return args;
}

/**
 * Bindings of parameters declared the same way (the same names, positions, types and descriptions), shared by the
 * tools that declare them: one schema, one validator and one model schema for them all, built once. Building them
 * was most of a tool's cost at bootstrap. Only parameters of the plain types are shared (their schema is the
 * library's own, frozen); past the bound, the oldest binding goes.
 */
const shared = new Map<string, Binding>();
const MAX_SHARED_BINDINGS = 2_000;

function share(key: string, build: () => Binding): Binding {
  let binding = shared.get(key);
  if (binding === undefined) {
    // Emptied rather than trimmed one at a time: a Map's oldest entry is found by skipping the deleted ones.
    if (shared.size >= MAX_SHARED_BINDINGS) shared.clear();
    shared.set(key, (binding = build()));
  }
  return binding;
}

const PLAIN_TYPES = new Map<unknown, string>([
  [String, 's'],
  [Number, 'n'],
  [Boolean, 'b'],
  [Date, 'd'],
]);

interface NamedParameter {
  readonly index: number;
  readonly name: string;
  readonly options: ToolParamOptions;
  /** Worked out at once for a parameter not of a plain type: its problems are reported in parameter order. */
  readonly schema?: ParamSchema;
}

/** One `@ToolParam` each, or one DTO parameter, or none. */
export function parameterBinding(
  method: Function,
  markers: Readonly<Record<number, ToolParamMarker>>,
  designTypes: readonly unknown[],
  inputIndexes: number[],
  arity: number,
  source: string,
): Binding {
  if (inputIndexes.length === 0)
    return share(`${arity}`, () => ({
      ...bindWhole(new JsonSchemaInputParser(EMPTY_OBJECT_SCHEMA, source), undefined, arity),
      modelSchemas: [],
    }));

  const dtoIndex = findDtoParameter(markers, designTypes, inputIndexes, source);
  if (dtoIndex !== undefined) return dtoBinding(markers, designTypes, inputIndexes, dtoIndex, arity, source);

  // Read from the source only when a parameter needs it: parsing it is most of the cost of a tool whose
  // parameters are all named.
  let sourceParameters: SourceParameter[] | undefined;
  const named: NamedParameter[] = [];
  const names = new Set<string>();
  // The parameters as a text, when all are of plain types: the key of the binding they share.
  let key: string | undefined = `${arity}`;
  for (const index of inputIndexes) {
    const marker = markers[index];
    let options: ToolParamOptions = marker?.kind === 'param' ? marker.options : {};
    const name = options.name ?? (sourceParameters ??= readParameters(method))[index]?.name;
    if (name === undefined) {
      throw new ToolDefinitionError(
        `${source}: the name of parameter #${index} cannot be known for sure; name it with @ToolParam({ name: '…' })`,
        source,
      );
    }
    if (names.has(name)) {
      throw new ToolDefinitionError(`${source}: two parameters are named "${name}"`, source);
    }
    names.add(name);
    // `length` counts the parameters before the first default: the source is read only when one may have one.
    if (options.required === undefined && index >= method.length) {
      if ((sourceParameters ??= readParameters(method))[index]?.hasDefault)
        options = { ...options, required: false };
    }
    const plainKey: string | undefined =
      key === undefined ? undefined : keyOf(key, index, name, options, designTypes[index]);
    if (plainKey !== undefined) named.push({ index, name, options });
    else {
      const label = `parameter #${index} "${name}"`;
      named.push({ index, name, options, schema: paramSchema(options, designTypes[index], label, source) });
    }
    key = plainKey;
  }
  if (key === undefined) return namedBinding(named, designTypes, arity, source, false);
  return share(key, () => namedBinding(named, designTypes, arity, source, true));
}

/** `key` extended with one parameter, or undefined when its schema is not one of the plain ones. */
function keyOf(
  key: string,
  index: number,
  name: string,
  options: NamedParameter['options'],
  designType: unknown,
): string | undefined {
  const { description } = options;
  const type = PLAIN_TYPES.get(options.type ?? designType);
  if (options.schema || options.enum || type === undefined) return undefined;
  if (description !== undefined && typeof description !== 'string') return undefined;
  const text = description || '';
  // Lengths first, so that no name or description can pass for a separator.
  return `${key}|${index}:${type}${options.required === false ? '?' : ''}:${name.length}:${name}:${text.length}:${text}`;
}

function namedBinding(
  named: readonly NamedParameter[],
  designTypes: readonly unknown[],
  arity: number,
  source: string,
  /** All of plain types, to be shared: its schema is the library's own, frozen. */
  shareable: boolean,
): Binding {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const params: Array<{ index: number; name: string; convert?: ParamSchema['convert'] }> = [];
  let hasFormat = false;
  for (const { index, name, options, schema: known } of named) {
    const label = `parameter #${index} "${name}"`;
    const { schema, convert } = known ?? paramSchema(options, designTypes[index], label, source);
    // A plain type's schema is flat: `{ type, format?, description? }`.
    properties[name] = shareable ? Object.freeze(schema) : schema;
    if (schema.format !== undefined) hasFormat = true;
    if (options.required !== false) required.push(name);
    params.push({ index, name, convert });
  }
  const body = {
    $schema: JSON_SCHEMA_DRAFT_2020_12,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
  if (shareable) {
    Object.freeze(properties);
    Object.freeze(required);
    Object.freeze(body);
  }
  const parser = new JsonSchemaInputParser(body, source, shareable);
  // Without a format to move into a description, the model's schema is this very one, frozen.
  const modelSchemas: Binding['modelSchemas'] = !shareable ? undefined : hasFormat ? [] : [body, body];
  return {
    modelSchemas,
    schema: parser.schema,
    parameters: shareable
      ? Object.freeze(params.map(({ index, name }) => Object.freeze({ index, name })))
      : params.map(({ index, name }) => ({ index, name })),
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

function dtoBinding(
  markers: Readonly<Record<number, ToolParamMarker>>,
  designTypes: readonly unknown[],
  inputIndexes: number[],
  dtoIndex: number,
  arity: number,
  source: string,
): Binding {
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
