import { ResultPart, ToolResult } from 'nestjs-tool-calling';
import { prompt } from '../support/chat-test.helpers';
import { modelsUnderTest } from '../support/models-under-test';
import { jsonFixture } from '../support/provider-test.server';
import {
  PDF_BASE64,
  PNG_BASE64,
  RESOURCE_TEXTS,
  WAV_BASE64,
  WAV_BYTES,
  chartResult,
  conversationWith,
  recordingResult,
  reportResult,
  resourcesResult,
  responseOf,
} from '../support/rich-tool-results';

type Models = ReturnType<typeof modelsUnderTest>;

describe.each([
  ['OpenAiResponsesChatModel', (models: Models, replies: any[]) => models.openAiResponses(replies)],
  [
    'AzureOpenAiChatModel (Responses API)',
    (models: Models, replies: any[]) => models.azure(replies, { api: 'responses' }),
  ],
] as const)('%s: tool results of parts', (_label, build) => {
  const models = modelsUnderTest();
  const server = () => models.server();

  async function sentOutputs(...results: ToolResult[]): Promise<any[]> {
    const chat = await build(models, [{ json: jsonFixture('openai-responses', 'weather-answer.json') }]);
    const responses = results.map((result, n) =>
      responseOf(result, { id: `call_${n + 1}`, name: 'ticketChart', arguments: '{}' }),
    );
    await chat.call(prompt({ messages: conversationWith(...responses) }));
    return server()
      .body(0)
      .input.filter((item: any) => item.type === 'function_call_output');
  }

  it('sends an image as an input_image item of the function_call_output, as a data: URL', async () => {
    expect(await sentOutputs(chartResult())).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'Open tickets by week' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
        ],
      },
    ]);
  });

  it('sends a PDF as an input_file with its data and name, and media at URLs by URL', async () => {
    const atUrls = ToolResult.of(
      ResultPart.imageUrl('https://charts.example/acme.png', 'image/png'),
      ResultPart.fileUrl('https://reports.example/acme.pdf', 'application/pdf', 'acme.pdf'),
      ResultPart.file(PDF_BASE64, 'application/pdf'),
    );

    const [report, linked] = await sentOutputs(reportResult(), atUrls);

    expect(report.output).toEqual([
      { type: 'input_text', text: 'The report' },
      { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'report.pdf' },
    ]);
    expect(linked.output).toEqual([
      { type: 'input_image', image_url: 'https://charts.example/acme.png' },
      { type: 'input_file', file_url: 'https://reports.example/acme.pdf', filename: 'acme.pdf' },
      { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'file.pdf' },
    ]);
  });

  it('sends audio, which function outputs do not take, as a note; resources as text', async () => {
    const [recording, resources] = await sentOutputs(recordingResult(), resourcesResult());

    expect(recording.output).toEqual([
      { type: 'input_text', text: 'The call recording' },
      {
        type: 'input_text',
        text: `[audio (audio/wav, ${WAV_BYTES.length} bytes) not shown: the Responses API takes no audio in tool output]`,
      },
    ]);
    expect(resources.output).toEqual(RESOURCE_TEXTS.map((text) => ({ type: 'input_text', text })));
    expect(JSON.stringify(server().body(0))).not.toContain(WAV_BASE64);
  });

  it('sends embedded binary resources by their media type, and a data: URL as bytes', async () => {
    const resources = ToolResult.of(
      ResultPart.resourceBytes('charts://acme/week.png', Buffer.from(PNG_BASE64, 'base64'), 'image/png'),
      ResultPart.resourceBytes('reports://acme/q3.pdf', Buffer.from(PDF_BASE64, 'base64'), 'application/pdf'),
      ResultPart.resourceBytes('tickets://acme/open.json', Buffer.from('{"open":12}'), 'application/json'),
      ResultPart.fileUrl('data:text/plain,hello%20world', 'text/plain'),
      ResultPart.fileUrl('data:text/plain,100%', 'text/plain', 'share.txt'),
    );

    const [sent] = await sentOutputs(resources);

    expect(sent.output).toEqual([
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
      { type: 'input_file', file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'q3.pdf' },
      { type: 'input_text', text: 'Resource tickets://acme/open.json (application/json):\n{"open":12}' },
      {
        type: 'input_file',
        file_data: `data:text/plain;base64,${Buffer.from('hello world').toString('base64')}`,
        filename: 'file.txt',
      },
      {
        type: 'input_file',
        file_data: `data:text/plain;base64,${Buffer.from('100%').toString('base64')}`,
        filename: 'share.txt',
      },
    ]);
  });
});
