import {
  DefaultToolCallResultConverter,
  ResultPart,
  ToolResult,
  ToolResultConversionError,
  type ToolResultPart,
} from 'nestjs-tool-calling';

function partOf(result: string | ToolResult): ToolResultPart {
  if (!ToolResult.is(result)) throw new Error(`expected a ToolResult, got ${result}`);
  expect(result.parts).toHaveLength(1);
  return result.parts[0];
}

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

  it('turns the bytes of an image, a PDF or a sound into a part of that kind', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    expect(converter.convert(png, 't')).toEqual(ToolResult.of(ResultPart.image(png, 'image/png')));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(converter.convert(jpeg, 't')).toEqual(
      ToolResult.of({ type: 'image', mediaType: 'image/jpeg', data: Buffer.from(jpeg).toString('base64') }),
    );
    const gif = Buffer.from('GIF89a…', 'latin1');
    expect(partOf(converter.convert(gif, 't'))).toMatchObject({ type: 'image', mediaType: 'image/gif' });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect(partOf(converter.convert(webp, 't'))).toMatchObject({ type: 'image', mediaType: 'image/webp' });
    const pdf = Buffer.from('%PDF-1.7\n');
    expect(partOf(converter.convert(pdf, 't'))).toEqual({
      type: 'file',
      mediaType: 'application/pdf',
      data: pdf.toString('base64'),
    });
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    expect(partOf(converter.convert(wav, 't'))).toMatchObject({ type: 'audio', mediaType: 'audio/wav' });
    expect(partOf(converter.convert(Buffer.from('ID3\u0004'), 't'))).toMatchObject({
      mediaType: 'audio/mpeg',
    });
    expect(partOf(converter.convert(Buffer.from([0xff, 0xfb, 0x90, 0x00]), 't'))).toMatchObject({
      type: 'audio',
      mediaType: 'audio/mpeg',
    });
  });

  it('keeps the bytes of a view, not of the whole buffer under it', () => {
    const whole = Buffer.from([9, 9, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9]);
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 2, 8);
    expect(partOf(converter.convert(view, 't'))).toEqual({
      type: 'image',
      mediaType: 'image/png',
      data: Buffer.from(view).toString('base64'),
    });
  });

  it('keeps unknown bytes as the JSON text { mimeType: "application/octet-stream", data }, as before', () => {
    expect(converter.convert(new Uint8Array([1, 2, 3]), 't')).toBe(
      JSON.stringify({ mimeType: 'application/octet-stream', data: 'AQID' }),
    );
  });

  it('passes a ToolResult through', () => {
    const result = ToolResult.of('hi', ResultPart.imageUrl('https://example.com/a.png', 'image/png'));
    expect(converter.convert(result, 't')).toBe(result);
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
