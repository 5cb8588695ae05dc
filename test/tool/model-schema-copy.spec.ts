import fc from 'fast-check';
import { toModelSchema } from 'nestjs-tool-calling';
import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../../lib/tool/json-schema';
import { deepFreeze, mapSchema } from '../../lib/tool/schema/json-schema-walker';

/** toModelSchema as it was before its one-pass copy: clone, walk, strip formats, freeze. The reference. */
function reference(schema: JsonSchema, keepFormat = false): JsonSchema {
  const adapted = mapSchema(schema, (sub) => {
    if (!keepFormat && typeof sub.format === 'string') {
      const { format, ...rest } = sub;
      const hint = `(format: ${format as string})`;
      rest.description = typeof rest.description === 'string' ? `${rest.description} ${hint}` : hint;
      return rest;
    }
    return sub;
  });
  const { $schema: _ignored, ...body } = adapted;
  if (body.type === 'object' && body.properties === undefined) body.properties = {};
  return deepFreeze({ $schema: JSON_SCHEMA_DRAFT_2020_12, ...body });
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

const KEYS = [
  'type',
  'format',
  'description',
  '$schema',
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'items',
  'prefixItems',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'enum',
  'default',
  'required',
  'x',
] as const;

const { node } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('object', 'string', 'date', 'uuid'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('node'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 6 }),
}));

describe('toModelSchema (one-pass copy)', () => {
  it('builds the same schema, key for key and in the same order, as the clone-and-walk it replaces', () => {
    fc.assert(
      fc.property(node.filter(isRecord), fc.boolean(), (schema, keepFormat) => {
        const built = toModelSchema(schema, { keepFormat });
        expect(JSON.stringify(built)).toBe(JSON.stringify(reference(schema, keepFormat)));
        expect(built).toStrictEqual(reference(schema, keepFormat));
        expect(isDeepFrozen(built)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('copies nothing of the schema it was given, and leaves it unchanged', () => {
    const source = {
      $schema: 'draft-07',
      type: 'object',
      format: 'x',
      properties: { d: { type: 'string', format: 'date' }, e: { enum: [{ a: 1 }] } },
    };
    const before = structuredClone(source);
    const built = toModelSchema(source) as typeof source;
    expect(source).toEqual(before);
    expect(built.properties.e.enum[0]).not.toBe(source.properties.e.enum[0]);
    expect(built).toEqual({
      $schema: JSON_SCHEMA_DRAFT_2020_12,
      type: 'object',
      properties: { d: { type: 'string', description: '(format: date)' }, e: { enum: [{ a: 1 }] } },
      description: '(format: x)',
    });
  });

  it.each([
    ['a Date', { type: 'string', default: new Date(0) }],
    ['a sparse array', { type: 'object', required: Object.assign([], { 1: 'a' }) }],
    [
      'a null-prototype object',
      { type: 'object', properties: Object.assign(Object.create(null), { a: {} }) },
    ],
    ['an own __proto__ key', JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}')],
    [
      'a shared subschema',
      (() => {
        const shared = { type: 'string', format: 'email' };
        return { type: 'object', properties: { a: shared, b: shared }, items: [shared] };
      })(),
    ],
  ])('gives what the clone-and-walk gives for %s', (_what, schema: JsonSchema) => {
    expect(toModelSchema(schema)).toStrictEqual(reference(schema));
    expect(JSON.stringify(toModelSchema(schema))).toBe(JSON.stringify(reference(schema)));
  });

  it('refuses what structuredClone refuses, as before (a function in the schema)', () => {
    const schema = { type: 'object', default: () => 1 };
    expect(() => reference(schema)).toThrow();
    expect(() => toModelSchema(schema)).toThrow(/could not be cloned/);
  });

  it('keeps a cycle outside the schema positions, as structuredClone does', () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    const built = toModelSchema({ type: 'object', default: value }) as { default: { self: unknown } };
    expect(built.default.self).toBe(built.default);
  });
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
