import { ChatClient, FunctionToolCallback, ResultPart, ToolResult } from 'nestjs-tool-calling';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OtelTestSdk, allAttributeText } from './support/otel-test-sdk';
import { traced } from './support/telemetry-fixtures';

const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(1_000, 7),
]);
const PDF_BYTES = Buffer.from('%PDF-1.7 quarterly figures');

const report = FunctionToolCallback.from({
  name: 'report',
  fn: () =>
    ToolResult.of(
      'Q3 report',
      ResultPart.image(PNG_BYTES, 'image/png'),
      ResultPart.file(PDF_BYTES, 'application/pdf', 'q3.pdf'),
      ResultPart.imageUrl('https://example.com/logo.png', 'image/png'),
    ),
});

async function reportSpan(sdk: OtelTestSdk, captureContent: boolean) {
  const chat = ChatClient.create(
    new ScriptedChatModel([{ toolCalls: [{ name: 'report' }] }, 'done']),
    { toolCallbacks: [report] },
    traced({ telemetry: new OpenTelemetryChatTelemetry({ captureContent }) }),
  );
  await chat.prompt('Report?').call().content();
  return sdk.finished().find((span) => span.name === 'execute_tool report')!;
}

describe('OpenTelemetry: the span of a tool with a rich result', () => {
  let sdk: OtelTestSdk;
  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());
  beforeEach(() => sdk.reset());

  it('records the types, sizes and media types of the parts, never their bytes', async () => {
    const span = await reportSpan(sdk, false);
    expect(span.attributes).toMatchObject({
      'tool_calling.tool.outcome': 'success',
      'tool_calling.tool.result.part_types': ['text', 'image', 'file', 'image'],
      'tool_calling.tool.result.part_bytes': [0, PNG_BYTES.length, PDF_BYTES.length, 0],
      'tool_calling.tool.result.media_types': ['image/png', 'application/pdf', 'image/png'],
    });
    const text = allAttributeText(sdk.finished());
    expect(text).not.toContain(PNG_BYTES.toString('base64').slice(0, 16));
    expect(text).not.toContain(PDF_BYTES.toString('base64'));
    expect(text).not.toContain('tool_calling.tool.result.parts');
    expect(text).not.toContain('Q3 report');
  });

  it('records the parts themselves, bytes included, only with content capture', async () => {
    const span = await reportSpan(sdk, true);
    expect(span.attributes['gen_ai.tool.call.result']).toBe('Q3 report');
    expect(JSON.parse(span.attributes['tool_calling.tool.result.parts'] as string)).toEqual([
      { type: 'text', text: 'Q3 report' },
      { type: 'image', mediaType: 'image/png', data: PNG_BYTES.toString('base64') },
      { type: 'file', mediaType: 'application/pdf', data: PDF_BYTES.toString('base64'), filename: 'q3.pdf' },
      { type: 'image', mediaType: 'image/png', url: 'https://example.com/logo.png' },
    ]);
  });

  it('records nothing of parts for a string result', async () => {
    const plain = FunctionToolCallback.from({ name: 'plain', fn: () => 'text' });
    const chat = ChatClient.create(
      new ScriptedChatModel([{ toolCalls: [{ name: 'plain' }] }, 'done']),
      { toolCallbacks: [plain] },
      traced(),
    );
    await chat.prompt('go').call().content();
    const span = sdk.finished().find((s) => s.name === 'execute_tool plain')!;
    expect(Object.keys(span.attributes).filter((key) => key.startsWith('tool_calling.tool.result'))).toEqual(
      [],
    );
  });
});
