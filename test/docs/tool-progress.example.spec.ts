import { ChatClient, MethodToolCallbackProvider } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  FlightTools,
  ImportTools,
  RateTools,
  type RatesApi,
  type RowStore,
} from '../../docs/examples/defining-tools.example';
import { watchTools } from '../../docs/examples/streaming.example';

describe('docs: progress, preliminary results and retries (defining-tools.md, streaming.md)', () => {
  it('watchTools() sees the arguments stream in, the progress, the preliminary results and the retry', async () => {
    const saved: string[] = [];
    const store: RowStore = {
      save: async (file, row) => {
        saved.push(`${file}#${row}`);
      },
    };
    const answers = [{ status: 503 }, { status: 200, rate: 0.92 }];
    const api: RatesApi = { get: async () => answers.shift()! };
    const model = new ScriptedChatModel(
      [
        { toolCalls: [{ id: 'c1', name: 'importRows', arguments: { file: 'a.csv', rows: 2 } }] },
        { toolCalls: [{ id: 'c2', name: 'searchFlights', arguments: { route: 'CDG-JFK' } }] },
        { toolCalls: [{ id: 'c3', name: 'rate', arguments: { currency: 'USD' } }] },
        'Imported 2 rows; AF is cheapest; 1 USD is 0.92 EUR.',
      ],
      { chunkSize: 12 },
    );
    const chat = ChatClient.create(model, {
      tools: [new ImportTools(store), new FlightTools(), new RateTools(api)],
    });

    const lines = await watchTools(chat, 'Import a.csv, find flights, and the dollar rate');

    expect(lines).toEqual([
      'importRows arguments so far: {"file":"a.c',
      'importRows arguments so far: {"file":"a.csv","rows":2',
      'importRows arguments so far: {"file":"a.csv","rows":2}',
      'importRows 1/2 row 1 of a.csv',
      'importRows 2/2 row 2 of a.csv',
      'importRows → 2 rows imported',
      'searchFlights arguments so far: {"route":"CD',
      'searchFlights arguments so far: {"route":"CDG-JFK"}',
      'searchFlights preliminary: ["AF CDG-JFK"]',
      'searchFlights preliminary: ["AF CDG-JFK","DL CDG-JFK"]',
      'searchFlights preliminary: ["AF CDG-JFK","DL CDG-JFK","UA CDG-JFK"]',
      'searchFlights → ["AF CDG-JFK","DL CDG-JFK","UA CDG-JFK"]',
      'rate arguments so far: {"currency":',
      'rate arguments so far: {"currency":"USD"}',
      'rate attempt 1 failed (the rates service answered 503), retry in 200 ms',
      'rate → 0.92',
    ]);
    expect(saved).toEqual(['a.csv#1', 'a.csv#2']);
    // The model read only the results.
    const sent = JSON.stringify(model.requests[3].messages);
    expect(sent).not.toContain('503');
    expect(sent).not.toContain('row 1 of');
  });

  it('declares the tools with their retry options', () => {
    const [rate] = MethodToolCallbackProvider.from(
      new RateTools({ get: async () => ({ status: 200, rate: 1 }) }),
    ).getToolCallbacks();
    expect(rate.getToolMetadata()).toMatchObject({
      timeoutMs: 5_000,
      retry: { maxAttempts: 3, backoffMs: 200 },
    });
  });
});
