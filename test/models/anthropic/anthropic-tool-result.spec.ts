import { ResultPart, ToolResult } from 'nestjs-tool-calling';
import { prompt } from '../support/chat-test.helpers';
import { modelsUnderTest } from '../support/models-under-test';
import { jsonFixture } from '../support/provider-test.server';
import {
  PDF_BASE64,
  PDF_BYTES,
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

describe('AnthropicChatModel: tool results of parts', () => {
  const models = modelsUnderTest();
  const server = () => models.server();
  const answer = () => ({ json: jsonFixture('anthropic', 'weather-answer.json') });

  async function sentResults(...results: ToolResult[]): Promise<any[]> {
    const chat = await models.anthropic([answer()]);
    const responses = results.map((result, n) =>
      responseOf(result, { id: `toolu_0${n + 1}`, name: 'ticketChart', arguments: '{}' }),
    );
    await chat.call(prompt({ messages: conversationWith(...responses) }));
    return server().body(0).messages[2].content;
  }

  it('sends an image as an image block of the tool_result, base64 with its media type', async () => {
    expect(await sentResults(chartResult())).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01',
        content: [
          { type: 'text', text: 'Open tickets by week' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        ],
      },
    ]);
  });

  it('sends a PDF as a document block with its title, and media at a URL as URL sources', async () => {
    const atUrls = ToolResult.of(
      ResultPart.imageUrl('https://charts.example/acme.png', 'image/png'),
      ResultPart.fileUrl('https://reports.example/acme.pdf', 'application/pdf'),
    );

    const [report, linked] = await sentResults(reportResult(), atUrls);

    expect(report.content).toEqual([
      { type: 'text', text: 'The report' },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
        title: 'report.pdf',
      },
    ]);
    expect(linked.content).toEqual([
      { type: 'image', source: { type: 'url', url: 'https://charts.example/acme.png' } },
      { type: 'document', source: { type: 'url', url: 'https://reports.example/acme.pdf' } },
    ]);
  });

  it('sends an inline text file as a plain-text document, and a data: URL image as base64', async () => {
    const result = ToolResult.of(
      ResultPart.file(Buffer.from('week,open\n48,12\n'), 'text/csv', 'tickets.csv'),
      ResultPart.imageUrl(`data:image/png;base64,${PNG_BASE64}`, 'image/png'),
    );

    const [sent] = await sentResults(result);

    expect(sent.content).toEqual([
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: 'week,open\n48,12\n' },
        title: 'tickets.csv',
      },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    ]);
  });

  it('sends audio, which Anthropic does not take, as a note naming its media type and size, never base64', async () => {
    const [sent] = await sentResults(recordingResult());

    expect(sent.content).toEqual([
      { type: 'text', text: 'The call recording' },
      {
        type: 'text',
        text: `[audio (audio/wav, ${WAV_BYTES.length} bytes) not shown: Anthropic takes no audio]`,
      },
    ]);
    expect(JSON.stringify(server().body(0))).not.toContain(WAV_BASE64);
  });

  it('sends a resource link and an embedded text resource as text, other media as notes', async () => {
    const other = ToolResult.of(
      ResultPart.image(Buffer.from('<svg/>'), 'image/svg+xml'),
      ResultPart.file(PDF_BYTES, 'application/zip', 'tickets.zip'),
    );

    const [resources, notes] = await sentResults(resourcesResult(), other);

    expect(resources.content).toEqual(RESOURCE_TEXTS.map((text) => ({ type: 'text', text })));
    expect(notes.content).toEqual([
      {
        type: 'text',
        text: '[image (image/svg+xml, 6 bytes) not shown: Anthropic takes JPEG, PNG, GIF and WebP images]',
      },
      {
        type: 'text',
        text:
          `[file "tickets.zip" (application/zip, ${PDF_BYTES.length} bytes) not shown: Anthropic takes PDF ` +
          'documents, and plain-text documents given inline]',
      },
    ]);
  });

  it('keeps is_error on a failed result of parts, and sends a result of empty parts as its text', async () => {
    const chat = await models.anthropic([answer()]);
    const failed = { ...responseOf(chartResult()), isError: true };
    const empty = { ...responseOf(ToolResult.of('')), id: 'call_chart_2', result: 'nothing to show' };

    await chat.call(prompt({ messages: conversationWith(failed, empty) }));

    const [first, second] = server().body(0).messages[2].content;
    expect(first).toMatchObject({ type: 'tool_result', is_error: true });
    expect(first.content).toHaveLength(2);
    expect(second).toEqual({ type: 'tool_result', tool_use_id: 'call_chart_2', content: 'nothing to show' });
  });
});
