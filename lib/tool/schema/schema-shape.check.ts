import { fullFormats } from 'ajv-formats/dist/formats';

/**
 * A fast stand-in for checking a schema against the JSON Schema 2020-12 meta-schema, for the keywords tools use.
 * Compiling the meta-schema costs ajv about 180 ms and checking a schema with it about 0.1 ms, which at bootstrap,
 * for a thousand tools, was most of the module's cost once validators were compiled lazily. `'valid'` is only
 * answered for schemas made of the keywords below, checked by the meta-schema's own rules; anything else is
 * `'ask-ajv'`, and ajv's `validateSchema` decides (and words the error).
 */
export type ShapeVerdict = 'valid' | 'ask-ajv';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

type Rule = (value: unknown) => boolean;

/** The `regex` format of ajv-formats, which the meta-schema applies to `pattern`. */
const isRegex = fullFormats.regex as (pattern: string) => boolean;

const isString: Rule = (v) => typeof v === 'string';
const isNumber: Rule = (v) => typeof v === 'number';
const isBoolean: Rule = (v) => typeof v === 'boolean';
const isCount: Rule = (v) => Number.isInteger(v) && (v as number) >= 0;
const anything: Rule = () => true;
const isArray: Rule = (v) => Array.isArray(v);

function uniqueStrings(value: unknown): boolean {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return false;
  return new Set(value).size === value.length;
}

function isType(value: unknown): boolean {
  if (typeof value === 'string') return SIMPLE_TYPES.has(value);
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'string' && SIMPLE_TYPES.has(item)) &&
    new Set(value).size === value.length
  );
}

/** Keywords whose value is not a schema, with the meta-schema's rule for it. */
const VALUE_RULES: Record<string, Rule> = {
  type: isType,
  // Stricter than the meta-schema: ajv refuses an empty enum when it compiles.
  enum: (v) => Array.isArray(v) && v.length > 0,
  const: anything,
  multipleOf: (v) => typeof v === 'number' && v > 0,
  maximum: isNumber,
  exclusiveMaximum: isNumber,
  minimum: isNumber,
  exclusiveMinimum: isNumber,
  maxLength: isCount,
  minLength: isCount,
  pattern: (v) => typeof v === 'string' && isRegex(v),
  maxItems: isCount,
  minItems: isCount,
  uniqueItems: isBoolean,
  maxProperties: isCount,
  minProperties: isCount,
  required: uniqueStrings,
  title: isString,
  description: isString,
  default: anything,
  deprecated: isBoolean,
  readOnly: isBoolean,
  writeOnly: isBoolean,
  examples: isArray,
  format: isString,
  $comment: isString,
  // The meta-schema the check stands in for; any other one is ajv's to judge.
  $schema: (v) => v === DRAFT_2020_12,
};

const SCHEMA_KEYWORDS = new Set(['items', 'additionalProperties', 'not', 'propertyNames', 'contains']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', '$defs']);
const SCHEMA_ARRAY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (!isPlainObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/**
 * Whether `ref` is a JSON pointer into `root` that leads to a schema, without a cycle of references alone (ajv's
 * compilation overflows its stack on `{ "$ref": "#/$defs/a" }` inside `a` itself).
 */
function resolvesLocally(root: unknown, ref: string): boolean {
  const visited = new Set<string>();
  let pointer: unknown = ref;
  while (typeof pointer === 'string') {
    if (visited.has(pointer)) return false;
    visited.add(pointer);
    const target = resolvePointer(root, pointer);
    if (typeof target === 'boolean') return true;
    if (!isPlainObject(target)) return false;
    pointer = target.$ref;
  }
  return pointer === undefined;
}

/**
 * `'valid'` when the meta-schema would accept `schema` and ajv could compile it: every `$ref` a local JSON pointer
 * that resolves. `'ask-ajv'` for a keyword outside the list (`$id`, `$anchor`, `$dynamicRef` among them), another
 * `$schema`, and anything the rules refuse.
 */
export function checkSchemaShape(schema: unknown): ShapeVerdict {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'boolean') continue;
    if (!isPlainObject(node)) return 'ask-ajv';
    for (const key of Object.keys(node)) {
      const value = node[key];
      const rule = VALUE_RULES[key];
      if (rule !== undefined) {
        if (!rule(value)) return 'ask-ajv';
      } else if (SCHEMA_KEYWORDS.has(key)) {
        pending.push(value);
      } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
        if (!isPlainObject(value)) return 'ask-ajv';
        for (const name of Object.keys(value)) pending.push(value[name]);
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key)) {
        if (!Array.isArray(value) || value.length === 0) return 'ask-ajv';
        for (const item of value) pending.push(item);
      } else if (key !== '$ref' || typeof value !== 'string' || !resolvesLocally(schema, value)) {
        return 'ask-ajv';
      }
    }
  }
  return 'valid';
}
