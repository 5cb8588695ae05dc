import {
  InvalidToolInputError,
  removeNullOptionalArguments,
  removeNullOptionalArgumentsFromJson,
} from 'nestjs-tool-calling';
import { weatherTools } from '../support/chat-test.helpers';
import { ORDER_SCHEMA } from './order.schema';

describe('removeNullOptionalArguments', () => {
  it('removes nulls sent for optional properties, at every depth, and keeps the others', () => {
    const input = {
      id: 'A1',
      note: null,
      address: { street: 'Main', zip: null },
      items: [
        { sku: 'X', qty: null },
        { sku: 'Y', qty: 2 },
      ],
      contact: { email: 'a@b.c', phone: null },
      size: null,
      gift: null,
      unknown: null,
    };
    const before = structuredClone(input);

    expect(removeNullOptionalArguments(input, ORDER_SCHEMA)).toEqual({
      id: 'A1',
      address: { street: 'Main' },
      items: [{ sku: 'X' }, { sku: 'Y', qty: 2 }],
      contact: { email: 'a@b.c' },
      // `gift` accepts null: a real value. An unknown property is left for validation to refuse.
      gift: null,
      unknown: null,
    });
    expect(input).toEqual(before);
  });

  it('keeps a null sent for a required property, for validation to refuse', () => {
    expect(removeNullOptionalArguments({ id: null, items: [] }, ORDER_SCHEMA)).toEqual({
      id: null,
      items: [],
    });
  });

  it('returns the same object when there is nothing to remove', () => {
    const input = { id: 'A1', items: [{ sku: 'X' }] };
    expect(removeNullOptionalArguments(input, ORDER_SCHEMA)).toBe(input);
  });

  it('keeps a "__proto__" key an own property, for the tool to refuse', () => {
    const input = JSON.parse('{"id":"A1","note":null,"__proto__":{"polluted":true}}');
    const result = removeNullOptionalArguments(input, ORDER_SCHEMA) as Record<string, unknown>;
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('works on JSON text, and returns text it cannot read as it is', () => {
    const schema = weatherTools()[0].getToolDefinition().inputSchema;
    expect(removeNullOptionalArgumentsFromJson('{"city":"Paris","unit":null}', schema)).toBe(
      '{"city":"Paris"}',
    );
    expect(removeNullOptionalArgumentsFromJson('{"city":"Paris"}', schema)).toBe('{"city":"Paris"}');
    expect(removeNullOptionalArgumentsFromJson('{"city":null', schema)).toBe('{"city":null');
    expect(removeNullOptionalArgumentsFromJson('null', schema)).toBe('null');
  });

  it('lets a tool with an optional parameter run on what a strict-mode model sends', async () => {
    const [weather] = weatherTools();
    const sent = '{"city":"Paris","unit":null}';

    // The callbacks apply it themselves; applying it first changes nothing.
    await expect(weather.call(sent)).resolves.toBe('Paris: sunny, 25°C');
    await expect(weather.call('{"city":null}')).rejects.toThrow(InvalidToolInputError);
    await expect(
      weather.call(removeNullOptionalArgumentsFromJson(sent, weather.getToolDefinition().inputSchema)),
    ).resolves.toBe('Paris: sunny, 25°C');
  });
});
