import { toModelSchema } from 'nestjs-tool-calling';

describe('toModelSchema', () => {
  it('removes format keywords at every depth but leaves a property named "format" alone', () => {
    const schema = toModelSchema({
      type: 'object',
      properties: {
        format: { type: 'string', enum: ['pdf', 'csv'] },
        when: { type: 'string', format: 'date', description: 'Day' },
        list: { type: 'array', items: { type: 'string', format: 'uuid' } },
        either: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
      },
    });
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        format: { type: 'string', enum: ['pdf', 'csv'] },
        when: { type: 'string', description: 'Day (format: date)' },
        list: { type: 'array', items: { type: 'string', description: '(format: uuid)' } },
        either: { anyOf: [{ type: 'string', description: '(format: email)' }, { type: 'null' }] },
      },
    });
  });

  it('does not change the schema it was given', () => {
    const source = { type: 'object', properties: { d: { type: 'string', format: 'date' } } };
    toModelSchema(source);
    expect(source.properties.d.format).toBe('date');
  });
});
