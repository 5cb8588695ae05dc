import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  CHAT_MODEL,
  ChatClient,
  StructuredOutputError,
  ToolCallingModule,
  assistantMessage,
  systemMessage,
  userMessage,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  BookingAssistant,
  BookingTools,
  CurrentUserTools,
  ForecastDto,
  ReportCatalogue,
  ReportTools,
  SelectiveToolsModule,
  TravelAssistant,
  WeatherTools,
  askOnBehalfOf,
  forecasts,
  frenchAgent,
  report,
  PaymentTools,
  refundWithConsent,
  runToolsMyself,
  travelAgent,
} from '../../docs/examples/chat-client.example';

async function appWith(model: ScriptedChatModel): Promise<INestApplication> {
  @Module({
    imports: [ToolCallingModule.forRoot({ chatModel: model })],
    providers: [WeatherTools, BookingTools, TravelAssistant, ReportCatalogue, ReportTools, CurrentUserTools],
  })
  class TravelModule {}
  const moduleRef = await Test.createTestingModule({ imports: [TravelModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('docs/examples/chat-client.example.ts', () => {
  it('runs one request with every part, and reports its outcome', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [{ name: 'bookHotel', arguments: { city: 'Rome' } }],
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      },
      { text: 'Done: a room in Rome.', usage: { promptTokens: 20, completionTokens: 5, totalTokens: 25 } },
    ]);
    const app = await appWith(model);
    try {
      const lines = await report(app.get(TravelAssistant));
      expect(lines).toEqual([
        'answer: Done: a room in Rome.',
        'model requests: 2, tokens: 40',
        'round 1: bookHotel({"city":"Rome"}) → Booked a room in Rome for customer c-42',
      ]);
      const first = model.requests[0];
      expect(first.messages).toEqual([
        systemMessage('You are a travel agent. Answer briefly.'),
        userMessage('Book me a room in Rome'),
      ]);
      expect(first.options).toEqual({ temperature: 0, maxTokens: 500 });
      // offerAllTools: every tool of the app, the lazy provider's included; the request-scoped one too.
      expect(first.tools.map((tool) => tool.name).sort()).toEqual([
        'bookHotel',
        'getWeather',
        'report_sales',
        'whoAmI',
      ]);
      // The context reaches the tool (its result quotes it), never a message or a definition of its own.
      expect(JSON.stringify(first)).not.toContain('c-42');
    } finally {
      await app.close();
    }
  });

  it('sends earlier messages between the system text and the question', async () => {
    const model = new ScriptedChatModel(['Yes.']);
    const app = await appWith(model);
    try {
      await app
        .get(TravelAssistant)
        .ask('And tomorrow?', 'c-1', [userMessage('Weather in Rome?'), assistantMessage('Sunny.')]);
      expect(model.lastRequest!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    } finally {
      await app.close();
    }
  });

  it('offers a discovered provider once when it is attached again with .tools()', async () => {
    const model = new ScriptedChatModel(['fine']);
    const app = await appWith(model);
    try {
      await expect(
        app.get(ChatClient).prompt('hi').tools(app.get(WeatherTools)).call().content(),
      ).resolves.toBe('fine');
      const names = model.lastRequest!.tools.map((tool) => tool.name);
      expect(names.filter((name) => name === names[0])).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('parses answers into a zod schema and a class-validator class', async () => {
    const model = new ScriptedChatModel([
      '{"city":"Paris","temperature":21}',
      '```json\n{"city":"Rome","temperature":28}\n```',
    ]);
    const [paris, rome] = await forecasts(ChatClient.create(model));
    expect(paris).toEqual({ city: 'Paris', temperature: 21 });
    expect(rome).toBeInstanceOf(ForecastDto);
    expect(rome).toEqual(Object.assign(new ForecastDto(), { city: 'Rome', temperature: 28 }));
    const instructions = model.requests[0].messages.at(-1)!;
    expect(instructions.role === 'user' && instructions.content).toMatch(
      /^Forecast for Paris\n\nYour answer must be a JSON value, and nothing else: no explanation, no Markdown code fence\.\nIt must conform to this JSON Schema:\n\{/,
    );
  });

  it('says what does not fit, as the page quotes it', async () => {
    const model = new ScriptedChatModel([
      '{"city":"Paris","temperature":21}',
      '{"city":"Rome","temperature":"hot"}',
    ]);
    const error = await forecasts(ChatClient.create(model)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect((error as Error).message).toBe(
      'The model\'s answer does not fit ForecastDto: temperature: must be integer, received string "hot". ' +
        'The answer was "{\\"city\\":\\"Rome\\",\\"temperature\\":\\"hot\\"}"',
    );
  });

  it('builds a client of its own and derives another with mutate()', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'bookHotel', arguments: { city: 'Oslo' } }] },
      'Booked.',
      'Réservé.',
    ]);
    const agent = travelAgent(model);
    expect(await agent.prompt('Book Oslo').call().chatResponse()).toMatchObject({
      text: 'Booked.',
      toolExecutions: [{ toolResponse: { result: 'Booked a room in Oslo for customer anonymous' } }],
    });
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['getWeather', 'bookHotel', 'getTime']);
    expect(model.requests[0].options).toEqual({ temperature: 0.2 });
    expect(agent.toolCallingManager.limits.maxRounds).toBe(5);

    const french = frenchAgent(agent);
    expect(await french.prompt('Bonjour').call().content()).toBe('Réservé.');
    expect(model.lastRequest!.messages[0]).toEqual(
      systemMessage('Tu es un agent de voyage. Réponds en français.'),
    );
    expect(model.lastRequest!.options).toEqual({ temperature: 0 });
    expect(model.lastRequest!.tools.map((tool) => tool.name)).toEqual(['getWeather', 'bookHotel', 'getTime']);
    expect(french.toolCallingManager).toBe(agent.toolCallingManager);
  });

  it('offers only the tools a request names when offerAllTools is false', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'bookHotel', arguments: { city: 'Rome' } }] },
      'Booked in Rome.',
    ]);
    const moduleRef = await Test.createTestingModule({
      imports: [SelectiveToolsModule],
      providers: [BookingAssistant],
    })
      .overrideProvider(CHAT_MODEL)
      .useValue(model)
      .compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      expect(await app.get(BookingAssistant).book('Book Rome', 'c-7')).toBe('Booked in Rome.');
      expect(model.requests[0].tools.map((tool) => tool.name)).toEqual([
        'getTime',
        'getWeather',
        'bookHotel',
      ]);
      expect(model.requests[1].messages.at(-1)).toMatchObject({
        responses: [{ result: 'Booked a room in Rome for customer c-7' }],
      });
    } finally {
      await app.close();
    }
  });

  it('binds a request-scoped tool to the request given with .request()', async () => {
    const model = new ScriptedChatModel((prompt) => {
      const last = prompt.messages.at(-1)!;
      if (last.role === 'user') return { toolCalls: [{ name: 'whoAmI' }] };
      return last.role === 'tool' ? `You are ${last.responses[0].result}.` : undefined;
    });
    const app = await appWith(model);
    try {
      const chat = app.get(ChatClient);
      expect(await askOnBehalfOf(chat, { headers: { 'x-user': 'ada' } }, 'Who am I?')).toBe('You are ada.');
      expect(await askOnBehalfOf(chat, { headers: { 'x-user': 'grace' } }, 'Who am I?')).toBe(
        'You are grace.',
      );
    } finally {
      await app.close();
    }
  });

  it('lets the caller run the tool calls', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }] },
      'Sunny in Paris.',
    ]);
    const chat = ChatClient.create(model);
    expect(await runToolsMyself(chat, new WeatherTools())).toBe('Sunny in Paris.');
    expect(model.requests[1].messages.at(-1)).toEqual({
      role: 'tool',
      responses: [{ id: 'call_1_1', name: 'getWeather', result: 'Paris: sunny, 25°C', isError: false }],
    });
  });
});

describe('docs/examples/chat-client.example.ts: deciding per response', () => {
  it('runs the look-up itself and hands the refund back; the app runs it once the user agrees', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's1', name: 'orderStatus', arguments: { orderId: '7' } }] },
      { toolCalls: [{ id: 'r1', name: 'refund', arguments: { orderId: '7' } }] },
      'Order 7 is refunded.',
    ]);
    const asked: string[] = [];
    const answer = await refundWithConsent(
      ChatClient.create(model),
      new PaymentTools(),
      'Refund order 7',
      (calls) => {
        asked.push(...calls.map((call) => call.name));
        return Promise.resolve(true);
      },
    );
    expect(answer).toBe('Order 7 is refunded.');
    expect(asked).toEqual(['refund']);
    expect(model.requests[2].messages.at(-1)).toEqual({
      role: 'tool',
      responses: [{ id: 'r1', name: 'refund', result: 'order 7: refunded', isError: false }],
    });
  });

  it('makes no refund when the user declines', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'r1', name: 'refund', arguments: { orderId: '7' } }] },
    ]);
    const answer = await refundWithConsent(
      ChatClient.create(model),
      new PaymentTools(),
      'Refund order 7',
      () => Promise.resolve(false),
    );
    expect(answer).toBe('No refund was made.');
    expect(model.requests).toHaveLength(1);
  });
});
