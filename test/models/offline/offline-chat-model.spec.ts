import {
  ChatClient,
  ChatModelConfigurationError,
  FunctionToolCallback,
  OfflineChatModel,
  ResultPart,
  ToolResult,
  createChatModel,
  userMessage,
  toolResponseMessage,
  type ChatResponseChunk,
  type Prompt,
  type ToolDefinition,
} from 'nestjs-tool-calling';

const tool = (
  name: string,
  description: string,
  properties = {},
  required: string[] = [],
): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

const TOOLS: ToolDefinition[] = [
  tool(
    'getWeather',
    'Current weather in a city',
    { city: { type: 'string' }, unit: { type: 'string', enum: ['C', 'F'] } },
    ['city'],
  ),
  tool('listTickets', 'List the support tickets', { status: { type: 'string', enum: ['open', 'closed'] } }),
  tool('getTicket', 'Get one ticket by its number', { id: { type: 'integer' } }, ['id']),
  tool('closeTicket', 'Close a ticket by its number', { id: { type: 'integer' } }, ['id']),
  tool('createTicket', 'Open a new ticket', { title: { type: 'string' } }, ['title']),
];

const ask = (question: string, tools = TOOLS): Prompt => ({
  messages: [userMessage(question)],
  tools,
  options: {},
});
const plannedCalls = async (model: OfflineChatModel, prompt: Prompt) =>
  (await model.call(prompt)).message.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)]);

const NOTICE =
  '(Offline model, not a language model: it picks tools by the words of your question and repeats their results. ' +
  'Configure a provider to get real answers.)';

describe('OfflineChatModel', () => {
  describe('picks tools from the words of the question and the tools’ names and descriptions', () => {
    it.each([
      [
        'What is the weather in Paris and Rome?',
        [
          ['getWeather', { city: 'Paris' }],
          ['getWeather', { city: 'Rome' }],
        ],
      ],
      ['Weather in Oslo in F please', [['getWeather', { city: 'Oslo', unit: 'F' }]]],
      ['List my open tickets', [['listTickets', { status: 'open' }]]],
      ['Show ticket #2', [['getTicket', { id: 2 }]]],
      ['Close ticket 1', [['closeTicket', { id: 1 }]]],
      [
        'Open a new ticket about "Coffee machine leaks"',
        [['createTicket', { title: 'Coffee machine leaks' }]],
      ],
    ])('%j', async (question, expected) => {
      expect(await plannedCalls(new OfflineChatModel(), ask(question))).toEqual(expected);
    });

    it('never picks a tool that changes something unless the question says the verb', async () => {
      expect(await plannedCalls(new OfflineChatModel(), ask('ticket 1'))).toEqual([['getTicket', { id: 1 }]]);
      const orders = [
        tool('sendOrderMail', 'Mail the order', { id: { type: 'integer' } }, ['id']),
        tool('getOrder', 'One order', { id: { type: 'integer' } }, ['id']),
      ];
      expect(await plannedCalls(new OfflineChatModel(), ask('Order 7?', orders))).toEqual([
        ['getOrder', { id: 7 }],
      ]);
      expect(await plannedCalls(new OfflineChatModel(), ask('Send order 7', orders))).toEqual([
        ['sendOrderMail', { id: 7 }],
        ['getOrder', { id: 7 }],
      ]);
    });

    it('picks by description when no name matches, with two words in common at least', async () => {
      const tools = [
        tool('rates', 'Exchange rates between two currencies'),
        tool('ping', 'Checks the network'),
      ];
      expect(await plannedCalls(new OfflineChatModel(), ask('Today’s exchange rates?', tools))).toEqual([
        ['rates', {}],
      ]);
      expect(await plannedCalls(new OfflineChatModel(), ask('What is the exchange?', tools))).toEqual([]);
    });

    it('takes the app’s synonyms for words of tool names', async () => {
      const model = new OfflineChatModel({ synonyms: { forecast: 'weather' } });
      expect(await plannedCalls(model, ask('Forecast for Lima'))).toEqual([['getWeather', { city: 'Lima' }]]);
      expect(await plannedCalls(new OfflineChatModel(), ask('Forecast for Lima'))).toEqual([]);
    });
  });

  it('fills required arguments the question does not give from the schema: default, example, const, enum, type', async () => {
    const search = tool(
      'searchOrders',
      'Search the orders',
      {
        region: { type: 'string', enum: ['eu', 'us'] },
        limit: { type: 'integer', default: 10 },
        since: { type: 'string', examples: ['2024-01-01'] },
        archived: { type: 'boolean' },
        page: { type: 'integer', minimum: 1 },
        ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        note: { type: ['string', 'null'], maxLength: 11 },
        tags: { type: 'array', items: { type: 'string', const: 'any' }, minItems: 2 },
        filter: {
          type: 'object',
          properties: { field: { const: 'status' }, extra: { type: 'string' } },
          required: ['field'],
        },
        choice: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] },
        optional: { type: 'string', default: 'left out' },
      },
      ['region', 'limit', 'since', 'archived', 'page', 'ratio', 'note', 'tags', 'filter', 'choice'],
    );
    expect(
      await plannedCalls(new OfflineChatModel(), ask('Search my orders, then tell me', [search])),
    ).toEqual([
      [
        'searchOrders',
        {
          region: 'eu',
          limit: 10,
          since: '2024-01-01',
          archived: false,
          page: 1,
          ratio: 0.5,
          note: 'Search my o',
          tags: ['any', 'any'],
          filter: { field: 'status' },
          choice: 3,
        },
      ],
    ]);
  });

  it('refuses a change no offered tool makes, instead of doing something else', async () => {
    const response = await new OfflineChatModel().call(ask('Close ticket 1', TOOLS.slice(0, 3)));
    expect(response.message).toEqual({
      role: 'assistant',
      content: `I may not close that for you: none of the tools I was given can close anything.\n\n${NOTICE}`,
      toolCalls: [],
    });
  });

  it('says what the tools can do, and that it is no language model, when nothing matches', async () => {
    const response = await new OfflineChatModel().call(ask('Sing me a song'));
    expect(response.finishReason).toBe('stop');
    expect(response.message.content).toBe(
      'I am the offline model: I answer by calling the tools whose names match words of your question. I can: ' +
        'Current weather in a city; List the support tickets; Get one ticket by its number; Close a ticket by its ' +
        `number; Open a new ticket.\n\n${NOTICE}`,
    );
  });

  it('answers from the tool results through a ChatClient, saying plainly that it is not a language model', async () => {
    const weather = FunctionToolCallback.from({
      name: 'getWeather',
      description: 'Current weather in a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      fn: ({ city }: { city: string }) => ({ city, sky: city === 'Paris' ? 'sunny' : 'rain' }),
    });
    const failing = FunctionToolCallback.from({
      name: 'getTicket',
      description: 'Get one ticket',
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      fn: ({ id }: { id: number }) => {
        throw new Error(`there is no ticket #${id}`);
      },
    });
    const chat = ChatClient.create(new OfflineChatModel(), { toolCallbacks: [weather, failing] });
    const response = await chat.prompt('Weather in Paris and Rome, and ticket 9?').call().chatResponse();
    expect(response.text).toBe(
      'Here is what I found for "Weather in Paris and Rome, and ticket 9?":\n' +
        '- Get weather: city Paris, sky sunny\n' +
        '- Get weather: city Rome, sky rain\n' +
        '- I could not get ticket: there is no ticket #9\n\n' +
        NOTICE,
    );
    expect(response.text).toContain('not a language model');
  });

  it('names the media of a rich result (kind, media type, size) and never repeats their bytes', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(92),
    ]);
    const chart = FunctionToolCallback.from({
      name: 'drawChart',
      description: 'Draw a chart of the open tickets',
      fn: () => png,
    });
    const report = FunctionToolCallback.from({
      name: 'getReport',
      description: 'Get the monthly report',
      fn: () =>
        ToolResult.of('3 tickets closed', ResultPart.fileUrl('https://example.com/r.pdf', 'application/pdf')),
    });
    const chat = ChatClient.create(new OfflineChatModel(), { toolCallbacks: [chart, report] });
    const text = await chat.prompt('Draw chart and get report').call().content();
    expect(text).toBe(
      'Here is what I found for "Draw chart and get report":\n' +
        '- Draw chart: an image (image/png, 100 bytes)\n' +
        '- Get report: 3 tickets closed; a file (application/pdf, at https://example.com/r.pdf)\n\n' +
        NOTICE,
    );
    expect(text).not.toContain(png.toString('base64').slice(0, 12));
  });

  it('tells the user in their words that a call they denied was not run, not the text meant for the model', async () => {
    const denied = toolResponseMessage([
      {
        id: 'call_1',
        name: 'closeTicket',
        isError: true,
        result:
          'The user did not approve the call of "closeTicket", so it was not run. Do not try again unless the user ' +
          'asks; tell them it was not done.',
      },
    ]);
    const response = await new OfflineChatModel().call({
      ...ask('Close ticket 2'),
      messages: [userMessage('Close ticket 2'), denied],
    });
    expect(response.message.content).toBe(
      `Here is what I found for "Close ticket 2":\n- I did not close ticket: you did not approve it.\n\n${NOTICE}`,
    );
  });

  it('streams the same answer and tool calls in pieces', async () => {
    const model = new OfflineChatModel();
    const chunks: ChatResponseChunk[] = [];
    for await (const chunk of model.stream(ask('Show ticket #2'))) chunks.push(chunk);
    const args = chunks
      .map((chunk) => (chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : ''))
      .join('');
    expect(JSON.parse(args)).toEqual({ id: 2 });
    expect(chunks[0]).toMatchObject({ type: 'tool-call-delta', index: 0, name: 'getTicket' });
    expect(chunks[chunks.length - 1]).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
  });

  describe('when NODE_ENV is production', () => {
    const saved = process.env.NODE_ENV;
    beforeEach(() => (process.env.NODE_ENV = 'production'));
    afterEach(() => (process.env.NODE_ENV = saved));

    it.each([
      ['new OfflineChatModel()', () => new OfflineChatModel()],
      ["createChatModel({ provider: 'offline' })", () => createChatModel({ provider: 'offline' })],
    ])('refuses %s with a ChatModelConfigurationError that says what to do', (_, create) => {
      let error: unknown;
      try {
        create();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ChatModelConfigurationError);
      expect(error).toMatchObject({ provider: 'offline', setting: 'provider' });
      expect((error as Error).message).toBe(
        'the offline model is not a language model and is refused when NODE_ENV is "production": configure a ' +
          'real provider (TOOL_CALLING_PROVIDER with its API key, or chatModel in the module options), or run ' +
          'without NODE_ENV=production to try the app offline',
      );
    });
  });
});
