import type { JsonSchema } from 'nestjs-tool-calling';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Arguments a conformance client sends a tool it knows nothing about: each property's default, else its first enum
 * value, else a simple value of its type (nested objects alike).
 */
export function argumentsFor(schema: JsonSchema): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property)]));
}

/** The answer to an elicitation whose user takes every default: the properties that have one. */
export function defaultsOf(schema: JsonSchema): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => isRecord(property) && property.default !== undefined)
      .map(([name, property]) => [name, (property as { default: unknown }).default]),
  );
}

function valueFor(property: unknown): unknown {
  if (!isRecord(property)) return null;
  if (property.default !== undefined) return property.default;
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  if (property.const !== undefined) return property.const;
  switch (property.type) {
    case 'string':
      return 'test';
    case 'number':
    case 'integer':
      return typeof property.minimum === 'number' ? property.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return argumentsFor(property);
    default:
      return null;
  }
}
