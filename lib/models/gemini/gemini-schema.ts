import type { JsonSchema } from '../../tool/json-schema';
import { deepFreeze } from '../../tool/schema/json-schema-walker';
import { isRecord } from '../../util/is-record';

type Schema = Record<string, unknown>;

/** The keywords of Gemini's `Schema` (a subset of OpenAPI 3.0); every other keyword is dropped. */
const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const KEPT_FORMATS = new Set(['enum', 'date-time', 'int32', 'int64', 'float', 'double']);
/** Deeper `$ref` chains (or recursive definitions) end as a plain object. */
const MAX_REF_DEPTH = 8;

const cache = new WeakMap<JsonSchema, JsonSchema | null>();

/**
 * A tool's input schema in the dialect Gemini's `functionDeclarations[].parameters` accepts (OpenAPI 3.0 subset),
 * computed once per schema: `type: [T, "null"]` and a `null` branch of `anyOf` become `nullable: true`, several types
 * an `anyOf`, `oneOf` an `anyOf`, `const` a one-value `enum`; enums of other values than strings (Gemini takes
 * strings only) move into the description; local `$ref`s are inlined; `additionalProperties`, `patternProperties`,
 * `$schema` and other keywords are dropped (a map is sent as a plain object). `undefined`: a tool without
 * parameters, sent without `parameters` (Gemini refuses an object schema without properties at the root).
 */
export function toGeminiSchema(schema: JsonSchema): JsonSchema | undefined {
  let adapted = cache.get(schema);
  if (adapted === undefined) {
    const root = convert(schema, schema, 0);
    const hasProperties = isRecord(root.properties) && Object.keys(root.properties).length > 0;
    adapted = hasProperties ? deepFreeze(root) : null;
    cache.set(schema, adapted);
  }
  return adapted ?? undefined;
}

function convert(node: unknown, root: Schema, depth: number): Schema {
  if (!isRecord(node)) return {};
  const resolved = resolveRef(node, root, depth);
  if (resolved !== node) return convert(resolved, root, depth + 1);
  if (depth > MAX_REF_DEPTH) return { type: 'object' };
  let source: Schema = node;
  if (Array.isArray(source.allOf) && source.allOf.length > 0) source = mergeAllOf(source, root, depth);
  const result: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties' && isRecord(value)) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, convert(sub, root, depth)]),
      );
    } else if (key === 'items' && isRecord(value)) result.items = convert(value, root, depth);
    else if (key === 'anyOf' && Array.isArray(value))
      result.anyOf = value.map((sub) => convert(sub, root, depth));
    else if (key === 'format') {
      if (typeof value === 'string' && KEPT_FORMATS.has(value)) result.format = value;
    } else if (key !== 'items' && key !== 'anyOf') result[key] = value;
  }
  if (Array.isArray(source.oneOf)) result.anyOf = source.oneOf.map((sub) => convert(sub, root, depth));
  if ('const' in source) result.enum = [source.const];
  if (Array.isArray(result.required) && isRecord(result.properties)) {
    const names = new Set(Object.keys(result.properties));
    result.required = result.required.filter((name) => typeof name === 'string' && names.has(name));
  }
  return normalizeEnum(normalizeNull(normalizeType(result)));
}

/** `type: ["string", "null"]` → `type: "string", nullable: true`; several types → `anyOf`. */
function normalizeType(schema: Schema): Schema {
  if (!Array.isArray(schema.type)) return schema;
  const all = schema.type as unknown[];
  const types = all.filter((type) => type !== 'null');
  const nullable = types.length < all.length;
  const { type: _type, ...rest } = schema;
  const base: Schema =
    types.length === 1
      ? { ...rest, type: types[0] }
      : types.length === 0
        ? rest
        : { ...rest, anyOf: types.map((type) => ({ type })) };
  return nullable ? { ...base, nullable: true } : base;
}

/** A `{type: "null"}` branch of `anyOf` → `nullable: true`; a single branch left is merged into the schema. */
function normalizeNull(schema: Schema): Schema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const branches = schema.anyOf.filter((branch) => !(isRecord(branch) && branch.type === 'null'));
  const nullable = branches.length < schema.anyOf.length;
  const { anyOf: _anyOf, ...rest } = schema;
  const base: Schema =
    branches.length === 1 && isRecord(branches[0])
      ? { ...branches[0], ...rest }
      : { ...rest, anyOf: branches };
  return nullable ? { ...base, nullable: true } : base;
}

/** Gemini takes string enums only: `null` means nullable; other values are listed in the description instead. */
function normalizeEnum(schema: Schema): Schema {
  if (!Array.isArray(schema.enum)) return schema;
  const values = schema.enum.filter((value) => value !== null);
  const nullable = values.length < schema.enum.length ? { nullable: true } : {};
  if (values.every((value) => typeof value === 'string')) {
    return { ...schema, ...nullable, type: schema.type ?? 'string', enum: values };
  }
  const { enum: _enum, ...rest } = schema;
  const allowed = `one of: ${values.map((value) => JSON.stringify(value)).join(', ')}`;
  const description = typeof rest.description === 'string' ? `${rest.description} (${allowed})` : allowed;
  return { ...rest, ...nullable, description };
}

function mergeAllOf(schema: Schema, root: Schema, depth: number): Schema {
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  for (const part of allOf as unknown[]) {
    const sub = resolveRef(part, root, depth);
    if (!isRecord(sub)) continue;
    for (const [key, value] of Object.entries(sub)) {
      if (key === 'properties' && isRecord(value))
        merged.properties = { ...(merged.properties as Schema), ...value };
      else if (key === 'required' && Array.isArray(value))
        merged.required = [...((merged.required as unknown[]) ?? []), ...(value as unknown[])];
      else merged[key] ??= value;
    }
  }
  return merged;
}

function resolveRef(node: unknown, root: Schema, depth: number): unknown {
  if (!isRecord(node) || typeof node.$ref !== 'string') return node;
  if (depth >= MAX_REF_DEPTH) return { type: 'object' };
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(node.$ref);
  const definitions = match ? root[match[1]] : undefined;
  const target = match && isRecord(definitions) ? definitions[decodeURIComponent(match[2])] : undefined;
  const { $ref: _ref, ...rest } = node;
  return isRecord(target) ? { ...target, ...rest } : { type: 'object', ...rest };
}
