const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STRING_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);
const MAX_PROBLEMS = 5;

/**
 * What is wrong with a server's `requestedSchema` for a form elicitation, as MCP restricts it: an object of flat
 * properties, each a string (with its formats and lengths), number, integer, boolean, a single-select enum, or a
 * multi-select array of enum strings; `required` naming some of them. Empty when it is fine. The texts name
 * properties (cut short), never their defaults.
 */
export function elicitationSchemaProblems(schema: unknown): string[] {
  if (!isRecord(schema)) return ['is not an object'];
  if (schema.type !== 'object') return ['is not of type "object"'];
  if (!isRecord(schema.properties)) return ['has no "properties" object'];
  const problems: string[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const problem = propertyProblem(property);
    if (problem !== undefined) problems.push(`property ${JSON.stringify(name.slice(0, 40))} ${problem}`);
  }
  const required = schema.required;
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((key) => typeof key === 'string'))
      problems.push('has a "required" that is not an array of strings');
    else
      for (const key of required)
        if (!(key in schema.properties))
          problems.push(`requires ${JSON.stringify(key.slice(0, 40))}, which is not among its properties`);
  }
  return problems.slice(0, MAX_PROBLEMS);
}

function propertyProblem(property: unknown): string | undefined {
  if (!isRecord(property)) return 'is not an object';
  switch (property.type) {
    case 'string':
      return stringProblem(property);
    case 'number':
    case 'integer':
      if (!optional(property.minimum, isNumber) || !optional(property.maximum, isNumber))
        return 'has a minimum or maximum that is not a number';
      return optional(property.default, isNumber) ? undefined : 'has a default that is not a number';
    case 'boolean':
      return optional(property.default, (value) => typeof value === 'boolean')
        ? undefined
        : 'has a default that is not a boolean';
    case 'array':
      return arrayProblem(property);
    default:
      return 'is not a string, number, integer, boolean or array of enum strings (nested objects are not allowed)';
  }
}

function stringProblem(property: Record<string, unknown>): string | undefined {
  if (property.enum !== undefined && !isStringList(property.enum))
    return 'has an "enum" that is not a list of strings';
  if (property.oneOf !== undefined && !isTitledConsts(property.oneOf))
    return 'has a "oneOf" that is not a list of { const, title }';
  if (property.format !== undefined && !STRING_FORMATS.has(property.format as string))
    return 'has a "format" other than email, uri, date or date-time';
  if (!optional(property.minLength, isCount) || !optional(property.maxLength, isCount))
    return 'has a minLength or maxLength that is not a whole number of at least 0';
  return optional(property.default, (value) => typeof value === 'string')
    ? undefined
    : 'has a default that is not a string';
}

function arrayProblem(property: Record<string, unknown>): string | undefined {
  const items = property.items;
  const enumItems =
    isRecord(items) && ((items.type === 'string' && isStringList(items.enum)) || isTitledConsts(items.anyOf));
  if (!enumItems) return 'is an array whose items are not enum strings';
  if (!optional(property.minItems, isCount) || !optional(property.maxItems, isCount))
    return 'has a minItems or maxItems that is not a whole number of at least 0';
  return optional(property.default, isStringList) ? undefined : 'has a default that is not a list of strings';
}

const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const optional = (value: unknown, check: (value: unknown) => boolean): boolean =>
  value === undefined || check(value);
const isStringList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
const isTitledConsts = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => isRecord(item) && typeof item.const === 'string');
