import { Injectable } from '@nestjs/common';
import { ResultPart, Tool, ToolResult } from 'nestjs-tool-calling';

/** A 1×1 red PNG, as the suite suggests. */
export const RED_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** A tenth of a second of silence: a mono 8 kHz, 8-bit PCM WAV file. */
export function silentWav(samples = 800): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // samples per second
  header.writeUInt32LE(8000, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

/**
 * The tools the official MCP conformance suite (`@modelcontextprotocol/conformance`) calls in its server scenarios,
 * as `@Tool` methods of a Nest provider: each returns what its scenario expects.
 */
@Injectable()
export class ConformanceTools {
  @Tool({ name: 'test_simple_text', description: 'Returns a simple text response' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Returns a 1x1 red PNG image' })
  imageContent(): ToolResult {
    return ToolResult.of(ResultPart.image(RED_PIXEL_PNG, 'image/png'));
  }

  @Tool({ name: 'test_audio_content', description: 'Returns a short silent WAV sound' })
  audioContent(): ToolResult {
    return ToolResult.of(ResultPart.audio(silentWav(), 'audio/wav'));
  }

  @Tool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource' })
  embeddedResource(): ToolResult {
    return ToolResult.of(
      ResultPart.resourceText(
        'test://embedded-resource',
        'This is an embedded resource content.',
        'text/plain',
      ),
    );
  }

  @Tool({ name: 'test_multiple_content_types', description: 'Returns text, an image and a resource' })
  multipleContentTypes(): ToolResult {
    return ToolResult.of(
      'Multiple content types test:',
      ResultPart.image(RED_PIXEL_PNG, 'image/png'),
      ResultPart.resourceText(
        'test://mixed-content-resource',
        JSON.stringify({ test: 'data', value: 123 }),
        'application/json',
      ),
    );
  }

  @Tool({ name: 'test_error_handling', description: 'Always fails' })
  errorHandling(): string {
    throw new Error('This tool intentionally returns an error for testing');
  }

  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
  })
  jsonSchema2020(input: { name?: string; address?: { street?: string; city?: string } }): string {
    return `Hello ${input.name ?? 'nobody'}${input.address?.city ? ` of ${input.address.city}` : ''}`;
  }
}
