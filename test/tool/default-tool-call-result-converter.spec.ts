import { DefaultToolCallResultConverter, ToolResultConversionError } from 'nestjs-tool-calling';

describe('DefaultToolCallResultConverter', () => {
  const converter = new DefaultToolCallResultConverter();

  it('answers "Done" for undefined and returns strings unquoted', () => {
    expect(converter.convert(undefined, 't')).toBe('Done');
    expect(converter.convert('already text', 't')).toBe('already text');
    expect(converter.convert('', 't')).toBe('');
  });

  it('serialises everything else as JSON', () => {
    expect(converter.convert({ a: 1, b: [true, null] }, 't')).toBe('{"a":1,"b":[true,null]}');
    expect(converter.convert(42, 't')).toBe('42');
    expect(converter.convert(null, 't')).toBe('null');
    expect(converter.convert(new Date('2026-01-01T00:00:00Z'), 't')).toBe('"2026-01-01T00:00:00.000Z"');
  });

  it('turns an image into { mimeType, data } with base64 bytes', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(JSON.parse(converter.convert(png, 't'))).toEqual({
      mimeType: 'image/png',
      data: png.toString('base64'),
    });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(JSON.parse(converter.convert(jpeg, 't')).mimeType).toBe('image/jpeg');
    expect(JSON.parse(converter.convert(new Uint8Array([1, 2, 3]), 't')).mimeType).toBe(
      'application/octet-stream',
    );
  });

  it('gives a clear error for values JSON cannot represent', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => converter.convert(circular, 'loop')).toThrow(ToolResultConversionError);
    expect(() => converter.convert(circular, 'loop')).toThrow(
      /^the result of tool "loop" cannot be converted to JSON: Converting circular structure to JSON/,
    );
    expect(() => converter.convert(10n, 'big')).toThrow(
      'the result of tool "big" cannot be converted to JSON: Do not know how to serialize a BigInt',
    );
    expect(() => converter.convert(() => 1, 'fn')).toThrow(
      'the result of tool "fn" cannot be converted to JSON: a function has no JSON representation',
    );
  });
});
