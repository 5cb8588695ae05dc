import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ToolCallingModule,
  ToolResult,
  type JsonSchema,
  type ToolCallback,
  type ToolDefinition,
  type ToolMetadata,
} from 'nestjs-tool-calling';
import { McpServerModule } from 'nestjs-tool-calling/mcp';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

const READING_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { temperature: { type: 'number' }, unit: { enum: ['C', 'F'] } },
  required: ['temperature', 'unit'],
};

type CallOutput = Awaited<ReturnType<ToolCallback['call']>>;

/** A hand-written tool with an outputSchema, resolving what it is given. */
class ReadingTool implements ToolCallback {
  constructor(
    private readonly name: string,
    private readonly output: string | ToolResult,
  ) {}

  getToolDefinition(): ToolDefinition {
    return {
      name: this.name,
      description: 'The temperature of the server room',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: READING_SCHEMA,
    };
  }

  getToolMetadata(): ToolMetadata {
    return { returnDirect: false };
  }

  async call(): Promise<CallOutput> {
    return this.output as CallOutput;
  }
}

@Module({
  imports: [
    ToolCallingModule.forRoot({
      chatModel: new ScriptedChatModel([]),
      toolCallbacks: [
        new ReadingTool(
          'reading',
          ToolResult.of('19 °C').withStructuredContent({ temperature: 19, unit: 'C' }),
        ),
        new ReadingTool('readingAsText', '19 °C'),
        new ReadingTool('badReading', ToolResult.of('warm').withStructuredContent({ temperature: 'warm' })),
      ],
    }),
    McpServerModule.forRoot(),
  ],
})
class StructuredAppModule {}

describe('structured tool results over MCP: outputSchema and structuredContent, with an SDK client', () => {
  let app: INestApplication;
  let client: Client;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [StructuredAppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/mcp`;
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  it("lists each tool's outputSchema", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'reading')?.outputSchema).toEqual(READING_SCHEMA);
  });

  it('refuses a result without the structured content its outputSchema promises, saying why', async () => {
    await expect(client.callTool({ name: 'readingAsText', arguments: {} })).resolves.toEqual({
      content: [
        {
          type: 'text',
          text:
            'the tool readingAsText declares an outputSchema but returned no structured content (return a ' +
            'ToolResult .withStructuredContent(…))',
        },
      ],
      isError: true,
    });
  });

  it('sends structuredContent that fits the schema, beside the text (the SDK client validates it)', async () => {
    await expect(client.callTool({ name: 'reading', arguments: {} })).resolves.toEqual({
      content: [{ type: 'text', text: '19 °C' }],
      structuredContent: { temperature: 19, unit: 'C' },
    });
  });

  it('refuses structured content that does not fit the schema, naming what is wrong', async () => {
    const result = await client.callTool({ name: 'badReading', arguments: {} });
    expect(result.isError).toBe(true);
    // The tool layer checks a @Tool's structured result before the server sees it.
    expect((result.content as { text: string }[])[0].text).toBe(
      'The structured result of tool "badReading" does not match its outputSchema: unit: is required but missing; ' +
        'temperature: must be number, received string "warm"',
    );
  });
});
