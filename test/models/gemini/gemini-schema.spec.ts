import { type JsonSchema } from 'nestjs-tool-calling';
import { toGeminiSchema } from 'nestjs-tool-calling/gemini';

describe('toGeminiSchema', () => {
  it('turns nullable types and null branches into nullable, several types into anyOf, oneOf into anyOf', () => {
    const schema: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        size: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
        id: { type: ['string', 'integer'] },
        shape: { oneOf: [{ type: 'string' }, { type: 'object', properties: { w: { type: 'number' } } }] },
      },
      required: ['id'],
      additionalProperties: false,
    };

    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: {
        note: { type: 'string', nullable: true },
        size: { type: 'integer', minimum: 1, nullable: true },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        shape: { anyOf: [{ type: 'string' }, { type: 'object', properties: { w: { type: 'number' } } }] },
      },
      required: ['id'],
    });
  });

  it('keeps string enums, moves other enums and consts into the description, drops what Gemini refuses', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        unit: { type: 'string', enum: ['C', 'F', null] },
        level: { type: 'integer', enum: [1, 2, 3], description: 'Level' },
        kind: { const: 'ticket' },
        tags: { type: 'object', additionalProperties: { type: 'string' }, patternProperties: { '^x': {} } },
        when: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email', examples: ['a@b.c'] },
      },
    };

    expect(toGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: {
        unit: { type: 'string', enum: ['C', 'F'], nullable: true },
        level: { type: 'integer', description: 'Level (one of: 1, 2, 3)' },
        kind: { type: 'string', enum: ['ticket'] },
        tags: { type: 'object' },
        when: { type: 'string', format: 'date-time' },
        mail: { type: 'string' },
      },
    });
  });

  it('inlines local $refs and stops recursive ones at a plain object', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { address: { $ref: '#/$defs/Address' }, tree: { $ref: '#/$defs/Node' } },
      required: ['address'],
      $defs: {
        Address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } },
      },
    };

    const adapted = toGeminiSchema(schema) as any;

    expect(adapted.properties.address).toEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(JSON.stringify(adapted)).not.toContain('$ref');
    expect(JSON.stringify(adapted)).not.toContain('$defs');
  });

  it('leaves out the parameters of a tool without any, and adapts each schema once', () => {
    expect(toGeminiSchema({ type: 'object', properties: {} })).toBeUndefined();
    const schema: JsonSchema = { type: 'object', properties: { city: { type: 'string' } } };
    expect(toGeminiSchema(schema)).toBe(toGeminiSchema(schema));
    expect(Object.isFrozen(toGeminiSchema(schema))).toBe(true);
  });
});
