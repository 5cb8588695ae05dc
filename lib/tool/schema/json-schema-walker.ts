import type { JsonSchema } from '../json-schema';

type MutableSchema = Record<string, unknown>;

/** Keywords whose value is one subschema (`items` may also be a list of them). */
export const SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
] as const;
export const SCHEMA_ARRAY_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
export const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;

function isSchemaObject(value: unknown): value is MutableSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Returns a deep copy of `schema` in which `visit` has been applied to every (sub)schema, bottom-up. Only schema
 * positions are visited: a property that happens to be called `format` or `type` is left alone.
 */
export function mapSchema(
  schema: JsonSchema,
  visit: (schema: MutableSchema) => MutableSchema,
): MutableSchema {
  const copy: MutableSchema = structuredClone<MutableSchema>(schema);
  return walk(copy, visit);
}

function walk(schema: MutableSchema, visit: (schema: MutableSchema) => MutableSchema): MutableSchema {
  for (const keyword of SCHEMA_KEYWORDS) {
    const sub = schema[keyword];
    if (isSchemaObject(sub)) schema[keyword] = walk(sub, visit);
    else if (keyword === 'items' && Array.isArray(sub))
      schema[keyword] = sub.map((s) => walkIfSchema(s, visit));
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list)) schema[keyword] = list.map((s) => walkIfSchema(s, visit));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isSchemaObject(map)) {
      for (const key of Object.keys(map)) map[key] = walkIfSchema(map[key], visit);
    }
  }
  return visit(schema);
}

function walkIfSchema(value: unknown, visit: (schema: MutableSchema) => MutableSchema): unknown {
  return isSchemaObject(value) ? walk(value, visit) : value;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
