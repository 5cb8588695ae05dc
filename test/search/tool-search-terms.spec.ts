import { toolSearchDocument, toolSearchTerms } from '../../lib/search/tool-search-terms';

describe('toolSearchTerms', () => {
  it('splits names at camelCase, acronyms, snake_case, kebab-case and digits, lower-cased', () => {
    expect(toolSearchTerms('getOrderStatus HTTPServer order2pdf refund_order kebab-case Über')).toEqual([
      'get',
      'order',
      'status',
      'http',
      'server',
      'order',
      '2',
      'pdf',
      'refund',
      'order',
      'kebab',
      'case',
      'über',
    ]);
  });
});

describe('toolSearchDocument', () => {
  it('takes the parameters of nested objects and array items, names and descriptions', () => {
    const document = toolSearchDocument({
      name: 'createInvoice',
      description: 'Bills a client',
      inputSchema: {
        type: 'object',
        properties: {
          client: { type: 'object', properties: { vatNumber: { type: 'string', description: 'Tax id' } } },
          lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        },
      },
    });
    expect(document).toEqual({
      id: 'createInvoice',
      name: 'createInvoice',
      description: 'Bills a client',
      parameters: 'client vatNumber Tax id lines sku',
    });
  });
});
