import {
  ResultPart,
  ToolResult,
  assistantMessage,
  toolResponseMessage,
  userMessage,
} from 'nestjs-tool-calling';
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

const PNG_SIZE = Buffer.from(PNG_BASE64, 'base64').length;
const PDF_SIZE = Buffer.from(PDF_BASE64, 'base64').length;

describe.each([
  ['OpenAiChatModel', 'openAi'],
  ['AzureOpenAiChatModel (Chat Completions)', 'azure'],
] as const)('%s: tool results of parts (the user-message fallback)', (_label, build) => {
  const models = modelsUnderTest();
  const server = () => models.server();
  const answer = () => ({ json: jsonFixture('openai', 'weather-answer.json') });

  it('sends the text in the tool messages and the media in one user message after them, marked as tool output', async () => {
    const chat = await models[build]([answer()]);
    const chart = responseOf(chartResult(), { id: 'call_chart', name: 'ticketChart', arguments: '{}' });
    const report = responseOf(reportResult(), { id: 'call_report', name: 'ticketReport', arguments: '{}' });
    const plain = { id: 'call_count', name: 'ticketCount', result: '12', isError: false };

    await chat.call(
      prompt({
        messages: [
          userMessage('Tickets?'),
          assistantMessage('', [
            { id: 'call_chart', name: 'ticketChart', arguments: '{}' },
            { id: 'call_count', name: 'ticketCount', arguments: '{}' },
            { id: 'call_report', name: 'ticketReport', arguments: '{}' },
          ]),
          toolResponseMessage([chart, plain]),
          toolResponseMessage([report]),
          userMessage('Thanks'),
        ],
      }),
    );

    expect(server().body(0).messages).toEqual([
      { role: 'user', content: 'Tickets?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_chart', type: 'function', function: { name: 'ticketChart', arguments: '{}' } },
          { id: 'call_count', type: 'function', function: { name: 'ticketCount', arguments: '{}' } },
          { id: 'call_report', type: 'function', function: { name: 'ticketReport', arguments: '{}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_chart',
        content: `Open tickets by week\n[image (image/png, ${PNG_SIZE} bytes): attached in the user message after the tool results]`,
      },
      { role: 'tool', tool_call_id: 'call_count', content: '12' },
      {
        role: 'tool',
        tool_call_id: 'call_report',
        content: `The report\n[file (application/pdf, ${PDF_SIZE} bytes): attached in the user message after the tool results]`,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The result of tool "ticketChart" (call call_chart) attached:' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
          { type: 'text', text: 'The result of tool "ticketReport" (call call_report) attached:' },
          {
            type: 'file',
            file: { file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: 'report.pdf' },
          },
        ],
      },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('sends WAV audio as input_audio and an image URL as it is, with markers in the tool messages', async () => {
    const chat = await models[build]([answer()]);
    const linked = ToolResult.of(ResultPart.imageUrl('https://charts.example/acme.png', 'image/png'));
    const recording = responseOf(recordingResult());
    const chart = { ...responseOf(linked), id: 'call_linked' };

    await chat.call(prompt({ messages: conversationWith(recording, chart) }));

    const messages = server().body(0).messages;
    expect(messages.slice(2)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_chart_1',
        content: `The call recording\n[audio (audio/wav, ${WAV_BYTES.length} bytes): attached in the user message after the tool results]`,
      },
      {
        role: 'tool',
        tool_call_id: 'call_linked',
        content: '[image (image/png): attached in the user message after the tool results]',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The result of tool "ticketChart" (call call_chart_1) attached:' },
          { type: 'input_audio', input_audio: { data: WAV_BASE64, format: 'wav' } },
          { type: 'text', text: 'The result of tool "ticketChart" (call call_linked) attached:' },
          { type: 'image_url', image_url: { url: 'https://charts.example/acme.png' } },
        ],
      },
    ]);
  });

  it('sends resources as text and media Chat Completions cannot take as notes, with no user message', async () => {
    const chat = await models[build]([answer()]);
    const other = ToolResult.of(
      ResultPart.audio(WAV_BYTES, 'audio/ogg'),
      ResultPart.fileUrl('https://reports.example/acme.pdf', 'application/pdf'),
    );

    await chat.call(
      prompt({
        messages: conversationWith(responseOf(resourcesResult()), { ...responseOf(other), id: 'call_2' }),
      }),
    );

    expect(server().body(0).messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_chart_1', content: RESOURCE_TEXTS.join('\n') },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content:
          `[audio (audio/ogg, ${WAV_BYTES.length} bytes) not shown: Chat Completions takes WAV and MP3 audio only]\n` +
          '[file (application/pdf, https://reports.example/acme.pdf) not shown: Chat Completions takes files only inline]',
      },
    ]);
  });
});
