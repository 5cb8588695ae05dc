import { PNG } from 'pngjs';
import { ChatClient, MethodToolCallbackProvider, ToolResult } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  BookingTools,
  callByHand,
  ConversionTools,
  ReminderTools,
  PngChartRenderer,
  ReportTools,
  getTime,
  ping,
  TicketDeskTools,
  TicketTools,
  TripTools,
  WeatherTools,
  whoAmI,
} from '../../docs/examples/defining-tools.example';

describe('docs/examples/defining-tools.example.ts', () => {
  it('defines every tool of the page without error and calls them', async () => {
    const provider = MethodToolCallbackProvider.from(
      new WeatherTools(),
      new BookingTools(),
      new TripTools(),
      new TicketTools(),
      new TicketDeskTools(),
    );
    expect(provider.getToolCallbacks().map((tool) => tool.getToolDefinition().name)).toEqual([
      'getWeather',
      'getForecast',
      'book',
      'bookFor',
      'plan',
      'order',
      'listTickets',
      'exportTickets',
      'closeTicket',
    ]);
    await expect(callByHand()).resolves.toBe('Paris: 21°C');
    await expect(getTime.call('{"zone":"UTC"}')).resolves.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await expect(whoAmI.call('{}')).resolves.toBe('anonymous');
    await expect(ping.call('')).resolves.toBe('pong');
  });

  it('runs the optional DTO property and the static tool samples', async () => {
    const [remind] = MethodToolCallbackProvider.from(new ReminderTools()).getToolCallbacks();
    await expect(remind.call('{"text":"call mum"}')).resolves.toBe('call mum at any time');
    const [toKilometres] = MethodToolCallbackProvider.from(ConversionTools).getToolCallbacks();
    expect(toKilometres.getToolDefinition().name).toBe('toKilometres');
    await expect(toKilometres.call('{"miles":10}')).resolves.toBe('16.09344');
  });

  it('runs the rich results samples: a chart the model sees as an image, a PDF as a file, structured counts', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'openTicketsChart', arguments: { days: 5 } },
          { name: 'invoice', arguments: { id: 'F-7' } },
          { name: 'ticketCounts' },
        ],
      },
      'Here you are.',
    ]);
    await ChatClient.create(model, { tools: [new ReportTools(new PngChartRenderer())] })
      .prompt('Report')
      .call()
      .content();
    const [chart, invoice, counts] = model.toolResponses();
    expect(chart.result).toBe('Open tickets, last 5 days: 1, 8, 6, 4, 2');
    const image = chart.content![1];
    expect(image).toMatchObject({ type: 'image', mediaType: 'image/png' });
    expect(PNG.sync.read(Buffer.from(image.type === 'image' ? image.data! : '', 'base64')).width).toBe(50);
    expect(invoice.content).toEqual([
      {
        type: 'file',
        mediaType: 'application/pdf',
        data: Buffer.from('%PDF-1.7\n% invoice F-7\n').toString('base64'),
      },
    ]);
    expect(counts).toMatchObject({
      result: '12 open, 30 closed',
      structuredContent: { open: 12, closed: 30 },
    });
  });

  it('answers structured counts that do not match the outputSchema with the error the page shows', async () => {
    class BrokenReportTools extends ReportTools {
      override ticketCounts(): ToolResult {
        return ToolResult.of('12 open').withStructuredContent({ open: '12', closed: 30 });
      }
    }
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'ticketCounts' }] }, 'ok']);
    await ChatClient.create(model, { tools: [new BrokenReportTools(new PngChartRenderer())] })
      .prompt('Counts')
      .call()
      .content();
    expect(model.toolResponses()[0]).toMatchObject({
      isError: true,
      result:
        'The structured result of tool "ticketCounts" does not match its outputSchema: ' +
        'open: Invalid input: expected number, received string',
    });
  });
});
