import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../json-schema';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './json-schema-walker';

type MutableSchema = Record<string, unknown>;

/**
 * The model's schema in one pass: each node copied, adapted and frozen as it is met. `toModelSchema` used to clone
 * the whole schema (`structuredClone`), walk the clone, copy the root again and walk it once more to freeze it; at
 * bootstrap, for a thousand tools, that was a third of the time spent building their definitions.
 *
 * Only schemas made of plain objects, dense arrays and primitives are copied here (what `JSON.parse` and object
 * literals make). For anything else (a `Date`, a class instance, a function, a cycle…) `copyModelSchema` answers
 * `undefined` and the caller takes the general path, whose `structuredClone` copies or refuses it as before.
 */
export function copyModelSchema(schema: JsonSchema, stripFormat: boolean): JsonSchema | undefined {
  if (!isPlainObject(schema)) return undefined;
  try {
    const root = copyNode(schema, stripFormat, 0, true);
    // Spring AI's ensureValidInputSchema: some providers refuse an object schema without properties.
    if (root.type === 'object' && root.properties === undefined) root.properties = Object.freeze({});
    return Object.freeze(root);
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}

// Thrown from deep inside the copy and caught in copyModelSchema: never seen outside this file.
const NOT_PLAIN = new Error('not a plain JSON value');
/** Deeper than any real schema: past it, the general path decides (and reports a cycle as it always did). */
const MAX_DEPTH = 100;

/** Where a keyword's value is a subschema (`items`), a list of them (`anyOf`) or a map of them (`properties`). */
type Kind = 'schema' | 'list' | 'map';

const KINDS = new Map<string, Kind>([
  ...SCHEMA_KEYWORDS.map((keyword) => [keyword, 'schema'] as const),
  ...SCHEMA_ARRAY_KEYWORDS.map((keyword) => [keyword, 'list'] as const),
  ...SCHEMA_MAP_KEYWORDS.map((keyword) => [keyword, 'map'] as const),
]);

function isObject(value: unknown): value is MutableSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is MutableSchema {
  if (!isObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The keys of a plain object; throws NOT_PLAIN for any other object (`__proto__` as a key included). */
function keysOf(value: MutableSchema, depth: number): string[] {
  if (depth > MAX_DEPTH || !isPlainObject(value)) throw NOT_PLAIN;
  const keys = Object.keys(value);
  if (keys.includes('__proto__')) throw NOT_PLAIN;
  return keys;
}

/**
 * A schema node: its subschemas (at the positions `mapSchema` visits) copied as schemas, its other values as plain
 * values; then, unless kept, its `format` moved into its description. The root is left unfrozen, `$schema` first.
 */
function copyNode(node: MutableSchema, stripFormat: boolean, depth: number, isRoot = false): MutableSchema {
  const keys = keysOf(node, depth);
  let copy: MutableSchema = isRoot ? { $schema: JSON_SCHEMA_DRAFT_2020_12 } : {};
  for (const key of keys) {
    if (isRoot && key === '$schema') continue;
    copy[key] = copyAt(KINDS.get(key), key, node[key], stripFormat, depth + 1);
  }
  if (stripFormat && typeof copy.format === 'string') copy = withoutFormat(copy);
  return isRoot ? copy : Object.freeze(copy);
}

/** What `toModelSchema`'s visitor does to a node with a format: the same keys in the same order, minus `format`. */
function withoutFormat(node: MutableSchema): MutableSchema {
  const { format, ...rest } = node;
  const hint = `(format: ${format as string})`;
  rest.description = typeof rest.description === 'string' ? `${rest.description} ${hint}` : hint;
  return rest;
}

function copyAt(
  kind: Kind | undefined,
  key: string,
  value: unknown,
  stripFormat: boolean,
  depth: number,
): unknown {
  switch (kind) {
    case 'schema':
      if (isObject(value)) return copyNode(value, stripFormat, depth);
      if (key === 'items' && Array.isArray(value)) return copyList(value, stripFormat, depth);
      return copyValue(value, depth);
    case 'list':
      return Array.isArray(value) ? copyList(value, stripFormat, depth) : copyValue(value, depth);
    case 'map': {
      if (!isObject(value)) return copyValue(value, depth);
      const map: MutableSchema = {};
      for (const name of keysOf(value, depth))
        map[name] = copySchemaOrValue(value[name], stripFormat, depth + 1);
      return Object.freeze(map);
    }
    default:
      return copyValue(value, depth);
  }
}

function copySchemaOrValue(value: unknown, stripFormat: boolean, depth: number): unknown {
  return isObject(value) ? copyNode(value, stripFormat, depth) : copyValue(value, depth);
}

function copyList(list: unknown[], stripFormat: boolean, depth: number): unknown[] {
  assertDenseArray(list, depth);
  const copy = new Array<unknown>(list.length);
  for (let i = 0; i < list.length; i++) copy[i] = copySchemaOrValue(list[i], stripFormat, depth + 1);
  return Object.freeze(copy) as unknown[];
}

/** A value that is not a schema (an `enum`'s list, a `default`…): copied and frozen as it is. */
function copyValue(value: unknown, depth: number): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    assertDenseArray(value, depth);
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyValue(value[i], depth + 1);
    return Object.freeze(copy);
  }
  const object = value as MutableSchema;
  const copy: MutableSchema = {};
  for (const key of keysOf(object, depth)) copy[key] = copyValue(object[key], depth + 1);
  return Object.freeze(copy);
}

/** Holes, extra properties or another prototype: `structuredClone` keeps what a copy by index would not. */
function assertDenseArray(list: unknown[], depth: number): void {
  if (depth > MAX_DEPTH || Object.getPrototypeOf(list) !== Array.prototype) throw NOT_PLAIN;
  if (Object.keys(list).length !== list.length) throw NOT_PLAIN;
}
