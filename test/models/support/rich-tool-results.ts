import { PNG } from 'pngjs';
import {
  ResultPart,
  ToolResult,
  assistantMessage,
  toolResponseMessage,
  userMessage,
  type Message,
  type ToolResponse,
} from 'nestjs-tool-calling';

/** A 2×2 PNG, drawn with pngjs: what a chart tool returns. */
export function pngChart(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

/** A minimal PDF document's bytes. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A WAV file's header and a few silent samples. */
export const WAV_BYTES = Buffer.concat([
  Buffer.from('RIFF\x2c\x00\x00\x00WAVEfmt ', 'latin1'),
  Buffer.alloc(36),
]);

export const PNG_BASE64 = pngChart().toString('base64');
export const PDF_BASE64 = PDF_BYTES.toString('base64');
export const WAV_BASE64 = WAV_BYTES.toString('base64');

/** The chart tool's call, as the model asked for it. */
export const CHART_CALL = { id: 'call_chart_1', name: 'ticketChart', arguments: '{"tenant":"acme"}' };

/** A tool response carrying `result`'s parts, as the loop builds it. */
export function responseOf(result: ToolResult, call = CHART_CALL): ToolResponse {
  const text = result.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return { id: call.id, name: call.name, result: text, isError: false, content: result.parts };
}

/** The conversation up to a result: the question, the model's call, the tool's response. */
export function conversationWith(...responses: ToolResponse[]): Message[] {
  return [
    userMessage('How many tickets are open?'),
    assistantMessage(
      '',
      responses.map((response) => ({ id: response.id, name: response.name, arguments: '{"tenant":"acme"}' })),
    ),
    toolResponseMessage(responses),
  ];
}

/** A chart: a text part and a PNG image. */
export const chartResult = (): ToolResult =>
  ToolResult.of('Open tickets by week', ResultPart.image(pngChart(), 'image/png'));

/** A report: a PDF file with its name. */
export const reportResult = (): ToolResult =>
  ToolResult.of('The report', ResultPart.file(PDF_BYTES, 'application/pdf', 'report.pdf'));

/** A recording: WAV audio. */
export const recordingResult = (): ToolResult =>
  ToolResult.of('The call recording', ResultPart.audio(WAV_BYTES, 'audio/wav'));

/** Resources: a link with its description, an embedded text resource. */
export const resourcesResult = (): ToolResult =>
  ToolResult.of(
    ResultPart.resourceLink({
      uri: 'tickets://acme/open',
      name: 'open-tickets',
      description: 'The open tickets of acme',
      mediaType: 'application/json',
    }),
    ResultPart.resourceText('tickets://acme/summary', '12 open, 3 urgent', 'text/plain'),
  );

/** The text a resource link and an embedded text resource become, whatever the provider. */
export const RESOURCE_TEXTS = [
  'Resource "open-tickets": tickets://acme/open (application/json) - The open tickets of acme',
  'Resource tickets://acme/summary (text/plain):\n12 open, 3 urgent',
] as const;
