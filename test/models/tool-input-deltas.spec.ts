import { ChatClient, type ChatModel, type ChatStreamEvent } from 'nestjs-tool-calling';
import { WeatherTools } from './support/chat-test.helpers';
import { fixture, type FixtureProvider, type ScriptedReply } from './support/provider-test.server';
import { modelsUnderTest } from './support/models-under-test';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Streams the weather exchange through the ChatClient and returns its events. */
async function weatherEvents(model: ChatModel): Promise<ChatStreamEvent[]> {
  const chat = ChatClient.create(model, { tools: [new WeatherTools()] });
  return collect(chat.prompt('Weather in Paris?').stream().events());
}

describe('tool-input-delta events from each adapter, its real SDK against a loopback server', () => {
  const models = modelsUnderTest();

  type Make = (replies: ScriptedReply[]) => Promise<ChatModel>;
  const openAiPieces = ['{"', 'city', '":"', 'Par', 'is', '"}'];
  const cases: readonly [string, FixtureProvider, string, Make, readonly string[]][] = [
    ['OpenAI Chat Completions', 'openai', 'weather-tool-call.sse', models.openAi, openAiPieces],
    ['Azure OpenAI', 'openai', 'weather-tool-call.sse', models.azure, openAiPieces],
    [
      'OpenAI Responses',
      'openai-responses',
      'weather-tool-call.sse',
      models.openAiResponses,
      ['{"cit', 'y":"P', 'aris"', '}'],
    ],
    // Anthropic's first, empty input_json_delta is no piece.
    ['Anthropic', 'anthropic', 'weather-tool-use.sse', models.anthropic, ['{"city', '": "Pa', 'ris"}']],
    // Gemini sends a function call whole: its arguments are one delta.
    ['Gemini', 'gemini', 'weather-tool-call.sse', models.gemini, ['{"city":"Paris"}']],
  ];

  it.each(cases)(
    '%s: the argument pieces arrive in order before tool-call-started and join to its arguments',
    async (_name, provider, toolCallFixture, make, pieces) => {
      const model = await make([
        { sse: fixture(provider, toolCallFixture), chunkSize: 40 },
        { sse: fixture(provider, 'weather-answer.sse') },
      ]);

      const events = await weatherEvents(model);

      const types = events.map((event) => event.type);
      const deltas = events.filter((event) => event.type === 'tool-input-delta');
      expect(deltas.map((event) => event.delta)).toEqual(pieces);
      const started = events.find((event) => event.type === 'tool-call-started')!;
      const toolCall = started.type === 'tool-call-started' ? started.toolCall : undefined;
      expect(toolCall?.name).toBe('getWeather');
      expect(JSON.parse(toolCall!.arguments)).toEqual({ city: 'Paris' });
      for (const delta of deltas) {
        expect(delta).toMatchObject({ round: 1, toolCallId: toolCall!.id, toolName: 'getWeather' });
      }
      expect(deltas.map((event) => event.delta).join('')).toBe(toolCall!.arguments);
      // Every delta of the round comes before its end, and the round's end before the call starts.
      const lastDelta = types.lastIndexOf('tool-input-delta');
      expect(lastDelta).toBeLessThan(types.indexOf('round-finished'));
      expect(types.indexOf('round-finished')).toBeLessThan(types.indexOf('tool-call-started'));
      expect(types.at(-1)).toBe('finished');
    },
  );
});
