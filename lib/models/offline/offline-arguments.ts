import type { JsonSchema } from '../../tool/json-schema';

/** How deep a schema is followed to build a value: far enough for any tool input, bounded for a hostile one. */
const MAX_DEPTH = 8;
/** The most items put into an array a schema requires to be non-empty. */
const MAX_ITEMS = 10;

/**
 * The value the question gives for a property, or `undefined`: an enum value it names, the first number in it, a
 * quoted text or what follows "about", the places it names after "in", "for" or "at" (an array: one call per
 * place).
 */
export function valueFromQuestion(question: string, key: string, schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) {
    const lower = question.toLowerCase();
    return schema.enum.find(
      (value) => typeof value === 'string' && new RegExp(`\\b${escape(value.toLowerCase())}\\b`).test(lower),
    );
  }
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const match = question.match(type === 'integer' ? /#?\b(\d+)\b(?!\.\d)/ : /#?\b(\d+(?:\.\d+)?)\b/);
    return match ? Number(match[1]) : undefined;
  }
  if (type !== 'string') return undefined;
  const quoted = question.match(/["“']([^"”']{2,})["”']/);
  if (/city|place|location|town|country/i.test(key)) return places(question);
  if (/title|summary|subject|text|description|name|query|topic/i.test(key)) {
    if (quoted) return quoted[1];
    return question.match(/\b(?:about|saying|:)\s+(.+?)[.?!]*$/i)?.[1];
  }
  return quoted?.[1];
}

/**
 * A value the schema accepts, for a required property the question gives none for: its `default`, its first
 * example, its `const`, its first enum value, or a value of its type (the question's text for a string, the
 * minimum or 0 for a number, `false`, an empty array, an object of its required properties).
 */
export function valueFromSchema(schema: JsonSchema, question: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches)) {
    const branch = branches.find((candidate) => typeOf(candidate) !== 'null') ?? branches[0];
    return branch && valueFromSchema(branch, question, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'string': {
      const text = question.trim().replace(/[.?!]+$/, '');
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
    }
    case 'integer':
    case 'number':
      return numberIn(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Math.min(typeof schema.minItems === 'number' ? schema.minItems : 0, MAX_ITEMS);
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: count }, () => valueFromSchema(items, question, depth + 1));
    }
    case 'object':
      return objectFromSchema(schema, question, depth + 1);
    default:
      return undefined;
  }
}

/** An object of the schema's required properties, each filled from the schema. */
export function objectFromSchema(schema: JsonSchema, question: string, depth = 0): Record<string, unknown> {
  const properties = propertiesOf(schema);
  const object: Record<string, unknown> = {};
  for (const key of requiredOf(schema)) {
    const value = valueFromSchema(properties.get(key) ?? {}, question, depth);
    if (value !== undefined) object[key] = value;
  }
  return object;
}

/** The schema's properties, in a Map (a model-facing name is never looked up on a plain object). */
export function propertiesOf(schema: JsonSchema): Map<string, JsonSchema> {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return new Map();
  return new Map(Object.entries(properties as Record<string, JsonSchema>));
}

export function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : [];
}

function typeOf(schema: JsonSchema): unknown {
  const type = schema.type;
  return Array.isArray(type) ? (type.find((candidate) => candidate !== 'null') ?? type[0]) : type;
}

function numberIn(schema: JsonSchema): number {
  const step = schema.type === 'integer' ? 1 : 0.5;
  let value = 0;
  if (typeof schema.minimum === 'number') value = schema.minimum;
  else if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + step;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    value = schema.exclusiveMaximum - step;
  return schema.type === 'integer' ? Math.ceil(value) : value;
}

/** Capitalised words after "in", "for" or "at", and those joined to them by "and" or commas. */
function places(question: string): string[] {
  const match = question.match(
    /\b(?:in|for|at)\s+((?:\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)*)(?:\s*(?:,|and)\s*\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)*)*)/u,
  );
  if (!match) return [];
  return match[1].split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
