/** An order's input schema, with optional, nested and enum properties: what strict mode must adapt. */
export const ORDER_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    id: { type: 'string' },
    note: { type: 'string', default: '' },
    express: { const: true, description: 'Fast delivery' },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, zip: { type: 'string' } },
      required: ['street'],
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, qty: { type: 'integer' } },
        required: ['sku'],
        additionalProperties: false,
      },
    },
    contact: { $ref: '#/$defs/Contact' },
    size: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    gift: { type: ['boolean', 'null'] },
  },
  required: ['id', 'items'],
  additionalProperties: false,
  $defs: {
    Contact: {
      type: 'object',
      properties: { email: { type: 'string' }, phone: { type: 'string' } },
      required: ['email'],
    },
  },
};
