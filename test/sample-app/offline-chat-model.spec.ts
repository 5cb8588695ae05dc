import { MethodToolCallbackProvider, userMessage, type Prompt, type ToolDefinition } from '../../lib';
import { OfflineChatModel } from '../../sample-app/src/offline/offline-chat-model';
import { TicketTools } from '../../sample-app/src/tickets/ticket.tools';
import { TicketRepository } from '../../sample-app/src/tickets/ticket.repository';
import { WeatherTools } from '../../sample-app/src/weather/weather.tools';

const repository = new TicketRepository(':memory:');
const tools: ToolDefinition[] = MethodToolCallbackProvider.from(
  new TicketTools(repository),
  new WeatherTools(),
)
  .getToolCallbacks()
  .map((callback) => callback.getToolDefinition());
const ask = (question: string): Prompt => ({ messages: [userMessage(question)], tools, options: {} });

afterAll(() => repository.onModuleDestroy());

describe('OfflineChatModel (sample app)', () => {
  it.each([
    [
      'What is the weather in Paris and Rome?',
      [
        ['getWeather', { city: 'Paris' }],
        ['getWeather', { city: 'Rome' }],
      ],
    ],
    ['List my open tickets', [['listTickets', { status: 'open' }]]],
    ['Show ticket #2', [['getTicket', { id: 2 }]]],
    ['Close ticket 1 please', [['closeTicket', { id: 1 }]]],
    ['Open a new ticket about "Coffee machine leaks"', [['createTicket', { title: 'Coffee machine leaks' }]]],
    ['Export my tickets as CSV', [['exportTickets', {}]]],
  ])('plans the tool calls for %j', async (question, expected) => {
    const response = await new OfflineChatModel().call(ask(question));
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual(
      expected,
    );
  });

  it('answers with what it can do when nothing matches', async () => {
    const response = await new OfflineChatModel().call(ask('Sing me a song'));
    expect(response.finishReason).toBe('stop');
    expect(response.message.content).toMatch(/^I am the offline demo model: .*Current weather in a city/);
  });
});
