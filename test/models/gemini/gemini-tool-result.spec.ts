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

const PNG_SIZE = Buffer.from(PNG_BASE64, 'base64').length;
const PDF_SIZE = Buffer.from(PDF_BASE64, 'base64').length;

describe('GeminiChatModel: tool results of parts', () => {
  const models = modelsUnderTest();
  const server = () => models.server();

  async function sentTurn(settings: { model?: string; toolResultMedia?: any }, ...results: ToolResult[]) {
    const chat = await models.gemini([{ json: jsonFixture('gemini', 'weather-answer.json') }], settings);
    const responses = results.map((result, n) =>
      responseOf(result, { id: `call_${n + 1}`, name: 'ticketChart', arguments: '{}' }),
    );
    await chat.call(prompt({ messages: conversationWith(...responses) }));
    return server().body(0).contents[2];
  }

  it('sends an image and a PDF inside the function responses (functionResponse.parts) to Gemini 3', async () => {
    const turn = await sentTurn({ model: 'gemini-3-flash-preview' }, chartResult(), reportResult());

    expect(server().requests[0].path).toContain('/models/gemini-3-flash-preview:generateContent');
    expect(turn).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            name: 'ticketChart',
            response: {
              output: `Open tickets by week\n[image (image/png, ${PNG_SIZE} bytes): attached to this function response]`,
            },
            parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
          },
        },
        {
          functionResponse: {
            name: 'ticketChart',
            response: {
              output: `The report\n[file (application/pdf, ${PDF_SIZE} bytes): attached to this function response]`,
            },
            parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }],
          },
        },
      ],
    });
  });

  it('sends audio and media at URLs after the function responses in the same turn, marked as tool output', async () => {
    const linked = ToolResult.of(ResultPart.imageUrl('https://charts.example/acme.png', 'image/png'));

    const turn = await sentTurn({ model: 'gemini-3-flash-preview' }, recordingResult(), linked);

    expect(turn.parts).toEqual([
      {
        functionResponse: {
          name: 'ticketChart',
          response: {
            output: `The call recording\n[audio (audio/wav, ${WAV_BYTES.length} bytes): attached after the function responses]`,
          },
        },
      },
      {
        functionResponse: {
          name: 'ticketChart',
          response: { output: '[image (image/png): attached after the function responses]' },
        },
      },
      { text: 'The result of tool "ticketChart" (call call_1) attached:' },
      { inlineData: { mimeType: 'audio/wav', data: WAV_BASE64 } },
      { text: 'The result of tool "ticketChart" (call call_2) attached:' },
      { fileData: { fileUri: 'https://charts.example/acme.png', mimeType: 'image/png' } },
    ]);
  });

  it('sends every medium after the function responses to Gemini 2.5 (before multimodal function responses)', async () => {
    const turn = await sentTurn({}, chartResult());

    expect(turn.parts).toEqual([
      {
        functionResponse: {
          name: 'ticketChart',
          response: {
            output: `Open tickets by week\n[image (image/png, ${PNG_SIZE} bytes): attached after the function responses]`,
          },
        },
      },
      { text: 'The result of tool "ticketChart" (call call_1) attached:' },
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
    ]);
  });

  it('follows the toolResultMedia setting over the model name', async () => {
    const turn = await sentTurn({ toolResultMedia: 'function-response' }, chartResult());

    expect(turn.parts).toHaveLength(1);
    expect(turn.parts[0].functionResponse.parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
    ]);
  });

  it('sends resources as text, an error result as { error }, media Gemini cannot take as notes', async () => {
    const chat = await models.gemini([{ json: jsonFixture('gemini', 'weather-answer.json') }]);
    const failed = { ...responseOf(resourcesResult()), isError: true };
    const zip = ToolResult.of(ResultPart.file(Buffer.from('PK'), 'application/zip', 'tickets.zip'));

    await chat.call(prompt({ messages: conversationWith(failed, { ...responseOf(zip), id: 'call_zip' }) }));

    expect(server().body(0).contents[2].parts).toEqual([
      { functionResponse: { name: 'ticketChart', response: { error: RESOURCE_TEXTS.join('\n') } } },
      {
        functionResponse: {
          name: 'ticketChart',
          response: {
            output:
              '[file "tickets.zip" (application/zip, 2 bytes) not shown: Gemini takes images, audio, video, PDFs ' +
              'and text only]',
          },
        },
      },
    ]);
  });
});
