import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { FunctionToolCallback, ToolDefinitionError } from 'nestjs-tool-calling';
import { checkSchemaShape } from '../../../lib/tool/schema/schema-shape.check';
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from '../support/fuzz-settings';

/** An ajv configured like the library's, judging schemas the way compiling them at bootstrap used to. */
const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  useDefaults: true,
  verbose: true,
  ownProperties: true,
  logger: false,
});
addFormats(ajv);

function ajvAccepts(schema: object): boolean {
  try {
    ajv.compile(schema);
    return true;
  } catch {
    return false;
  } finally {
    ajv.removeSchema(schema);
  }
}

/** A keyword's value: mostly what the meta-schema allows, sometimes not. */
function value<T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: bad });
}

const wrong = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, min: -2, max: 2 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(['a', 'a']),
  fc.constant([]),
  fc.constant({}),
);
const count = value(fc.nat(5), wrong);
const types = ['string', 'number', 'integer', 'object', 'array', 'boolean', 'null'] as const;

const { node: schema } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.boolean(), tie('object')),
  object: fc
    .array(
      fc.oneof(
        fc.tuple(
          fc.constant('type'),
          value(
            fc.oneof(
              fc.constantFrom(...types),
              fc.uniqueArray(fc.constantFrom(...types), { minLength: 1, maxLength: 3 }),
            ),
            fc.oneof(fc.constantFrom('strin', 'any'), wrong),
          ),
        ),
        fc.tuple(
          fc.constant('properties'),
          value(fc.dictionary(fc.constantFrom('a', 'x'), tie('node'), { maxKeys: 2 }), wrong),
        ),
        fc.tuple(
          fc.constant('$defs'),
          value(fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }), wrong),
        ),
        fc.tuple(
          fc.constant('required'),
          value(fc.uniqueArray(fc.constantFrom('a', 'x', 'y'), { maxLength: 3 }), wrong),
        ),
        fc.tuple(
          fc.constantFrom('items', 'additionalProperties', 'not', 'propertyNames', 'contains'),
          value(tie('node'), wrong),
        ),
        fc.tuple(
          fc.constantFrom('anyOf', 'oneOf', 'allOf', 'prefixItems'),
          value(fc.array(tie('node'), { minLength: 1, maxLength: 2 }), wrong),
        ),
        fc.tuple(
          fc.constantFrom('enum', 'examples'),
          value(fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer())), wrong),
        ),
        fc.tuple(fc.constantFrom('const', 'default'), wrong),
        fc.tuple(
          fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'),
          value(fc.double({ noNaN: true }), wrong),
        ),
        fc.tuple(fc.constant('multipleOf'), value(fc.double({ min: 0.5, max: 10, noNaN: true }), wrong)),
        fc.tuple(
          fc.constantFrom('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'),
          count,
        ),
        fc.tuple(
          fc.constantFrom('uniqueItems', 'deprecated', 'readOnly', 'writeOnly'),
          value(fc.boolean(), wrong),
        ),
        fc.tuple(
          fc.constant('pattern'),
          value(fc.constantFrom('^[a-z]+$', '\\d{2}', '^\\p{L}$'), fc.constantFrom('(', '[', 'a\\Z', 5)),
        ),
        fc.tuple(
          fc.constantFrom('title', 'description', 'format', '$comment'),
          value(fc.string({ maxLength: 5 }), wrong),
        ),
        fc.tuple(
          fc.constant('$ref'),
          fc.constantFrom('#', '#/$defs/a', '#/$defs/missing', '#/properties/x', 'other.json', '#anchor', 7),
        ),
        fc.tuple(
          fc.constant('$schema'),
          fc.constantFrom('https://json-schema.org/draft/2020-12/schema', 'http://example.com/s'),
        ),
        fc.tuple(fc.constantFrom('$id', 'dependentRequired', 'unevaluatedProperties', 'if'), wrong),
      ),
      { maxLength: 4 },
    )
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>),
}));

describe('the bootstrap check of input schemas, against ajv', () => {
  it(
    'answers "valid" only for schemas ajv compiles',
    () => {
      let valid = 0;
      fc.assert(
        fc.property(schema, (candidate) => {
          if (typeof candidate !== 'object' || candidate === null) return;
          if (checkSchemaShape(candidate) !== 'valid') return;
          valid++;
          expect(ajvAccepts(candidate)).toBe(true);
        }),
        fuzzParameters(3_000),
      );
      // The property means something only if it ran on many schemas the check accepted.
      expect(valid).toBeGreaterThan(300);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it.each([
    [{ type: 'object', properties: { a: { type: 'strin' } } }, /must be equal to one of the allowed values/],
    [
      { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
      /Invalid regular expression: \/\(\/u: Unterminated group/,
    ],
    [{ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, /can't resolve reference/],
    [{ type: 'object', properties: { a: { type: 'string', minLength: -1 } } }, /must be >= 0/],
  ])('still refuses a bad schema when the tool is defined: %j', (inputSchema, message) => {
    const define = () => FunctionToolCallback.from({ name: 'bad', inputSchema, fn: () => 'x' });
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(/^function tool "bad": invalid input JSON Schema: /);
    expect(define).toThrow(message);
  });
});
