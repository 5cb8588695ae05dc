import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { requireOptional } from '../../util/optional-require';
import type { ToolParamOptions, ToolParamType } from '../decorators/tool-options';
import type { JsonSchema } from '../json-schema';
import { dtoToJsonSchema } from './dto-schema.factory';

type Schema = Record<string, unknown>;

/** What a parameter becomes in the schema, and how its validated JSON value becomes the argument. */
export interface ParamSchema {
  readonly schema: JsonSchema;
  /** Undefined when the JSON value is passed as it is. */
  readonly convert?: (value: unknown) => unknown;
}

const UNKNOWN_TYPES = new Set<unknown>([undefined, Object, Function, Promise, Symbol, Map, Set]);

/**
 * The schema of one tool-method parameter, from `@ToolParam` options and the type TypeScript emitted.
 * `label` names the parameter in errors (`parameter #1 "city" of WeatherTools.getWeather`).
 */
export function paramSchema(
  options: ToolParamOptions,
  designType: unknown,
  label: string,
  source: string,
): ParamSchema {
  const { description } = options;
  if (options.schema) return { schema: described({ ...options.schema }, description) };
  if (options.enum) return { schema: described(enumSchema(options.enum, label, source), description) };
  const type = options.type ?? designType;
  const { schema, convert } = typeSchema(type as ToolParamType | undefined, label, source);
  return { schema: described(schema, description), convert };
}

/** The schema with the parameter's description; `schema` is the factory's own copy, so it is set in place. */
function described(schema: Schema, description: string | undefined): Schema {
  if (description) schema.description = description;
  return schema;
}

function enumSchema(values: ToolParamOptions['enum'], label: string, source: string): Schema {
  let list: (string | number)[];
  if (Array.isArray(values)) list = [...(values as readonly (string | number)[])];
  else {
    // A numeric TypeScript enum maps names to numbers and numbers back to names: keep the numbers.
    const all = Object.values(values as Record<string, string | number>);
    const numbers = all.filter((v) => typeof v === 'number');
    list = numbers.length > 0 ? numbers : all;
  }
  if (list.length === 0) throw new ToolDefinitionError(`${source}: ${label} has an empty enum`, source);
  const types = new Set(list.map((v) => (typeof v === 'number' ? 'number' : 'string')));
  return types.size === 1 ? { type: [...types][0], enum: list } : { enum: list };
}

function typeSchema(
  type: ToolParamType | undefined,
  label: string,
  source: string,
): { schema: Schema; convert?: (v: unknown) => unknown } {
  if (Array.isArray(type)) {
    const item = typeSchema((type as readonly [ToolParamType])[0], `the items of ${label}`, source);
    const convertItem = item.convert;
    return {
      schema: { type: 'array', items: item.schema },
      convert: convertItem ? (value) => (value as unknown[]).map(convertItem) : undefined,
    };
  }
  switch (type) {
    case String:
      return { schema: { type: 'string' } };
    case Number:
      return { schema: { type: 'number' } };
    case Boolean:
      return { schema: { type: 'boolean' } };
    case Date:
      return {
        schema: { type: 'string', format: 'date-time' },
        convert: (value) => new Date(value as string),
      };
    case Array:
      throw new ToolDefinitionError(
        `${source}: ${label} is an array whose item type is not known at runtime; ` +
          'give it with @ToolParam({ type: [String] }) (or [Number], [SomeDto], …)',
        source,
      );
  }
  if (UNKNOWN_TYPES.has(type) || typeof type !== 'function') {
    throw new ToolDefinitionError(
      `${source}: the type of ${label} is not known at runtime (an interface, a union, \`any\`, or no emitted ` +
        'metadata); give it with @ToolParam({ type }), ({ enum }) or ({ schema }). If it is meant to receive the ' +
        'ToolContext, type it as ToolContext itself (not through an alias or `import type`) or mark it with ' +
        '@ToolContextParam()',
      source,
    );
  }
  const { $schema: _draft, ...schema } = dtoToJsonSchema(type, source);
  const classTransformer = requireOptional<typeof import('class-transformer')>(
    'class-transformer',
    'A DTO parameter',
    source,
  );
  return { schema, convert: (value) => classTransformer.plainToInstance(type as new () => object, value) };
}
