import type { JsonSchema } from '../json-schema';
import { isRecord } from '../../util/is-record';

type Schema = Record<string, unknown>;

/** Nesting deeper than this is passed on untouched (and left to validation). */
const MAX_DEPTH = 64;

/**
 * Removes the `null` values a model sent for optional properties whose original schema does not accept `null`.
 *
 * In OpenAI's strict mode every property is required and optional ones are nullable (see `toOpenAiStrictSchema`),
 * so the model writes `"unit": null` where it means "no unit". Validated against the tool's original schema, that
 * `null` would be refused; removed, the optional parameter simply takes its default. A `null` is kept when the
 * property is required or its schema accepts `null` (then it is a real value), and anywhere the schema does not say
 * (`anyOf` branches, unknown properties), so validation still sees it.
 *
 * Safe for every provider: it only changes arguments that validation would otherwise refuse. Pass the tool's
 * original input schema (`ToolDefinition.inputSchema`), not the strict one. Returns a copy; the input is unchanged.
 */
export function removeNullOptionalArguments<T>(value: T, schema: JsonSchema): T {
  return strip(value, schema, schema, 0) as T;
}

/**
 * `removeNullOptionalArguments` on the JSON text of a tool call's arguments. Text that is not a JSON object is
 * returned as it is, for the tool's own parsing to report; so is text with nothing to remove.
 */
export function removeNullOptionalArgumentsFromJson(json: string, schema: JsonSchema): string {
  if (!json.includes('null')) return json;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (!isRecord(value)) return json;
  const stripped = removeNullOptionalArguments(value, schema);
  return stripped === value ? json : JSON.stringify(stripped);
}

function strip(value: unknown, schema: Schema, root: Schema, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  const resolved = resolveRef(schema, root);
  if (Array.isArray(value)) {
    const items = resolved.items;
    if (!isRecord(items)) return value;
    let changed = false;
    const copy = value.map((item) => {
      const result = strip(item, items, root, depth + 1);
      changed ||= result !== item;
      return result;
    });
    return changed ? copy : value;
  }
  if (!isRecord(value) || !isRecord(resolved.properties)) return value;
  const properties = resolved.properties;
  const required = new Set(Array.isArray(resolved.required) ? resolved.required : []);
  let changed = false;
  const copy: Schema = {};
  for (const key of Object.keys(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const item = value[key];
    if (item === null && isRecord(property) && !required.has(key) && !acceptsNull(property, root, 0)) {
      changed = true;
      continue;
    }
    const result = isRecord(property) ? strip(item, property, root, depth + 1) : item;
    changed ||= result !== item;
    // defineProperty keeps a "__proto__" key an own property, for the tool's parser to refuse.
    Object.defineProperty(copy, key, { value: result, enumerable: true, writable: true, configurable: true });
  }
  return changed ? copy : value;
}

function acceptsNull(schema: Schema, root: Schema, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  const resolved = resolveRef(schema, root);
  if (resolved !== schema) return acceptsNull(resolved, root, depth + 1);
  const type = schema.type;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if ('const' in schema) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) {
      return branches.some((branch) => isRecord(branch) && acceptsNull(branch, root, depth + 1));
    }
  }
  // No type and nothing else that constrains the value: anything goes, null included.
  return type === undefined && schema.allOf === undefined && schema.not === undefined;
}

/** Follows a local `$ref` (`#/$defs/Name`, `#/definitions/Name`); anything else is returned as it is. */
function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match) return schema;
  const defs = root[match[1]];
  const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
  const target = isRecord(defs) && Object.hasOwn(defs, name) ? defs[name] : undefined;
  return isRecord(target) ? target : schema;
}
