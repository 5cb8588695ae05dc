import fc from 'fast-check';

/**
 * The argument text of a tool call, as a model (or an attacker speaking through one) could write it. Built as a
 * tree of raw JSON fragments so that anything can be planted anywhere: duplicate keys, `__proto__` keys, number
 * literals JSON.stringify would never write, invalid text, nesting deeper than any parser's recursion.
 */
type Fragment = { raw: string } | { entries: [string, Fragment][] } | { items: Fragment[] };

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const NESTING_DEPTHS = [2, 64, 65, 1_000, 10_000] as const;

/** One UTF-16 unit or code point: any code point, lone surrogates, and the characters JSON treats specially. */
const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('"', '\\', '\u0000', '\u2028', '\ufeff', '{', '}', '[', ']', ':', ','),
  },
);

export const fuzzString = (maxLength = 30): fc.Arbitrary<string> => fc.string({ unit: textUnit, maxLength });

/** Literals at the edges of JSON numbers, and texts that look like numbers but are not JSON. */
const NUMBER_TEXTS = (
  '0 -0 1e308 -1e308 1.7976931348623157e308 1e309 -1e309 5e-324 1e-400 -0.0 9007199254740993 ' +
  '123456789012345678901234567890 1.5 0.1 2 -1 1E2 1e+2 ' +
  'NaN -NaN Infinity -Infinity +1 01 .5 1. 0x10 1_000 1e --1 0b1'
).split(' ');

const numberText = fc.constantFrom(...NUMBER_TEXTS);

const PROPERTY_KEYS = ['toString', 'hasOwnProperty', 'valueOf', 'toJSON', 'then', '', ' ', '\u0000', 'a'];

const propertyKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS, ...PROPERTY_KEYS) },
  { weight: 1, arbitrary: fuzzString(8) },
);

/** `{"constructor":{"prototype":{"polluted":"yes"}}}` and the like, at any depth. */
const pollutionText = fc
  .array(fc.constantFrom(...PROTO_KEYS, 'a'), { minLength: 1, maxLength: 4 })
  .map((path) =>
    path.reduceRight(
      (inner, key) => `{${JSON.stringify(key)}:${inner}}`,
      '{"polluted":"yes","isAdmin":true}',
    ),
  );

/** Text nested `depth` levels deep, balanced (valid JSON) or not. */
const nestedText = fc
  .record({
    depth: fc.constantFrom(...NESTING_DEPTHS),
    opener: fc.constantFrom('[', '{"a":', '{"__proto__":', '{"constructor":', '[{"prototype":'),
    balanced: fc.boolean(),
  })
  .map(({ depth, opener, balanced }) => {
    const closer = opener.startsWith('[{') ? '}]' : opener === '[' ? ']' : '}';
    return opener.repeat(depth) + '1' + (balanced ? closer.repeat(depth) : '');
  });

const hugeString = fc
  .record({ length: fc.constantFrom(10_000, 100_000, 1_000_000), unit: textUnit })
  .map(({ length, unit }) => JSON.stringify(unit.repeat(Math.ceil(length / unit.length))));

/** What may stand unescaped inside a JSON string literal. */
const isBareStringUnit = (unit: string) => unit >= ' ' && unit !== '"' && unit !== '\\';

/** The JSON text of any value, valid or not. */
function valueText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: numberText },
    { weight: 3, arbitrary: fuzzString().map((text) => JSON.stringify(text)) },
    // Raw lone surrogates inside a string literal: JSON.parse accepts them, JSON.stringify would escape them.
    { weight: 1, arbitrary: fuzzString().map((text) => `"${[...text].filter(isBareStringUnit).join('')}"`) },
    { weight: 1, arbitrary: hugeString },
    { weight: 1, arbitrary: nestedText },
    { weight: 2, arbitrary: pollutionText },
  );
}

function toFragment(value: unknown): Fragment {
  if (Array.isArray(value)) return { items: value.map(toFragment) };
  if (typeof value === 'object' && value !== null) {
    return {
      entries: Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, toFragment(item)]),
    };
  }
  return { raw: JSON.stringify(value) };
}

function render(fragment: Fragment): string {
  if ('raw' in fragment) return fragment.raw;
  if ('items' in fragment) return `[${fragment.items.map(render).join(',')}]`;
  return `{${fragment.entries.map(([key, item]) => `${JSON.stringify(key)}:${render(item)}`).join(',')}}`;
}

function objectsOf(fragment: Fragment, found: { entries: [string, Fragment][] }[] = []) {
  if ('entries' in fragment) {
    found.push(fragment);
    for (const [, item] of fragment.entries) objectsOf(item, found);
  } else if ('items' in fragment) for (const item of fragment.items) objectsOf(item, found);
  return found;
}

interface Mutation {
  readonly kind: 'drop' | 'add' | 'replace' | 'duplicate';
  readonly at: number;
  readonly key: string;
  readonly value: string;
}

/**
 * The valid value with some of its objects changed: a property dropped, added, replaced or given twice. Planted
 * values stay raw text, never parsed back, so that the fuzzer's own recursion stays as shallow as the valid value.
 */
function mutate(valid: object, mutations: readonly Mutation[]): string {
  const root = toFragment(valid);
  for (const mutation of mutations) {
    const objects = objectsOf(root);
    const entries = objects[mutation.at % objects.length].entries;
    const index = entries.length > 0 ? mutation.at % entries.length : -1;
    const value: Fragment = { raw: mutation.value };
    if (mutation.kind === 'add' || index < 0) entries.push([mutation.key, value]);
    else if (mutation.kind === 'drop') entries.splice(index, 1);
    else if (mutation.kind === 'replace') entries[index] = [entries[index][0], value];
    else entries.push([entries[index][0], value]);
  }
  return render(root);
}

/** Argument texts around the valid values of one tool: valid, nearly valid, and anything else. */
export function argumentText(valid: fc.Arbitrary<object>): fc.Arbitrary<string> {
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom('drop', 'add', 'replace', 'duplicate'),
    at: fc.nat(),
    key: propertyKey,
    value: valueText(),
  });
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => JSON.stringify(value)) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => mutate(value, mutations)),
    },
    { weight: 2, arbitrary: valueText() },
    { weight: 1, arbitrary: fuzzString(100) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.nat())
        .map(([value, cut]) => JSON.stringify(value).slice(0, cut % (JSON.stringify(value).length + 1))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '\n\t ',
        '{}',
        'null',
        '[]',
        '""',
        '0',
        'true',
        '{',
        '}',
        '{"":}',
        '\u0000',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('\ufeff', ' ', '\n', '//', ',', 'x', '{}'), fc.boolean())
        .map(([value, frame, before]) =>
          before ? frame + JSON.stringify(value) : JSON.stringify(value) + frame,
        ),
    },
  );
}
