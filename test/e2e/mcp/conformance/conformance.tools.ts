import { Injectable } from '@nestjs/common';
import { ResultPart, Tool, ToolContext, ToolResult } from 'nestjs-tool-calling';

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

  @Tool({ name: 'test_tool_with_logging', description: 'Logs three messages while it runs' })
  async withLogging(context: ToolContext): Promise<string> {
    context.log('info', 'Tool execution started');
    await delay(50);
    context.log('info', 'Tool processing data');
    await delay(50);
    context.log('info', 'Tool execution completed');
    return 'Logging test completed';
  }

  @Tool({ name: 'test_tool_with_progress', description: 'Reports progress 0, 50 and 100 of 100' })
  async withProgress(context: ToolContext): Promise<string> {
    context.reportProgress({ progress: 0, total: 100 });
    await delay(50);
    context.reportProgress({ progress: 50, total: 100 });
    await delay(50);
    context.reportProgress({ progress: 100, total: 100 });
    return 'Progress test completed';
  }

  @Tool({
    name: 'test_elicitation',
    description: 'Asks the user for a username and an email',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string', description: 'The message to show the user' } },
      required: ['message'],
    },
  })
  async elicitation(input: { message: string }, context: ToolContext): Promise<string> {
    const answer = await context.elicit({
      message: input.message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: action=${answer.action}${answer.action === 'accept' ? `, content=${JSON.stringify(answer.content)}` : ''}`;
  }

  @Tool({ name: 'test_elicitation_sep1034_defaults', description: 'Asks with a default for each field' })
  async elicitationDefaults(context: ToolContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Please review and update the form fields with defaults',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${answer.action}`;
  }

  @Tool({ name: 'test_elicitation_sep1330_enums', description: 'Asks with each kind of enum' })
  async elicitationEnums(context: ToolContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Please select options from the enum fields',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
            ],
          },
          legacyEnum: { type: 'string', enum: ['opt1', 'opt2'], enumNames: ['Option One', 'Option Two'] },
          untitledMulti: {
            type: 'array',
            items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
              ],
            },
          },
        },
        required: [],
      },
    });
    return `Elicitation completed: action=${answer.action}`;
  }

  @Tool({
    name: 'test_reconnection',
    description: 'Takes a moment, so that its result comes on an SSE stream',
  })
  async reconnection(context: ToolContext): Promise<string> {
    context.log('info', 'reconnection test running');
    await delay(100);
    return 'Reconnection test completed successfully';
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
