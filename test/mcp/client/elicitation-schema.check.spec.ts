import { elicitationSchemaProblems } from '../../../lib/mcp/client/elicitation-schema.check';

describe('elicitationSchemaProblems', () => {
  it('accepts the flat shapes MCP allows', () => {
    expect(
      elicitationSchemaProblems({
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 40, default: 'Ada' },
          email: { type: 'string', format: 'email' },
          age: { type: 'integer', minimum: 0, maximum: 150, default: 36 },
          score: { type: 'number' },
          agree: { type: 'boolean', default: false },
          colour: { type: 'string', enum: ['red', 'green'] },
          size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }] },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
          picks: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, maxItems: 1 },
        },
        required: ['name'],
      }),
    ).toEqual([]);
  });

  it.each([
    [null, 'is not an object'],
    [{ type: 'string' }, 'is not of type "object"'],
    [{ type: 'object' }, 'has no "properties" object'],
    [{ type: 'object', properties: { a: { type: 'object' } } }, 'property "a" is not a string, number'],
    [
      { type: 'object', properties: { a: { type: 'string', format: 'ipv4' } } },
      'property "a" has a "format"',
    ],
    [
      { type: 'object', properties: { a: { type: 'number', default: 'x' } } },
      'has a default that is not a number',
    ],
    [
      { type: 'object', properties: { a: { type: 'array', items: { type: 'number' } } } },
      'items are not enum',
    ],
    [{ type: 'object', properties: {}, required: ['b'] }, 'requires "b", which is not among its properties'],
    [{ type: 'object', properties: {}, required: 'b' }, '"required" that is not an array of strings'],
  ])('refuses %j: %s', (schema, problem) => {
    expect(elicitationSchemaProblems(schema).join('; ')).toContain(problem);
  });
});
