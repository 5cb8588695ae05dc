import { MethodToolCallbackProvider } from 'nestjs-tool-calling';
import {
  BookingTools,
  callByHand,
  ConversionTools,
  ReminderTools,
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
});
