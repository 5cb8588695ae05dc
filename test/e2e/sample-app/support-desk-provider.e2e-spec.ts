import request from 'supertest';
import { jsonFixture, ProviderTestServer } from '../../models/support/provider-test.server';
import { signIn, startSupportDesk } from './support-desk.app';

describe('sample app with a real provider configured (an OpenAI-compatible server on loopback)', () => {
  const saved = { ...process.env };
  let server: ProviderTestServer;

  beforeAll(async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    );
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    process.env.OPENAI_BASE_URL = server.url('/v1');
    process.env.OPENAI_MODEL = 'llama3.1';
  });

  afterAll(async () => {
    process.env = saved;
    await server.close();
  });

  it('uses the provider instead of the offline model, with the same tools and the system prompt', async () => {
    const { app, url } = await startSupportDesk();
    try {
      const authorization = await signIn(url, 'alice');
      await request(url)
        .get('/chat/model')
        .set('authorization', authorization)
        .expect(200, { model: 'OpenAiChatModel' });
      const { body } = await request(url)
        .post('/chat')
        .set('authorization', authorization)
        .send({ question: 'What is the weather in Paris?' })
        .expect(201);
      expect(body.toolCalls).toEqual([
        expect.objectContaining({ name: 'getWeather', arguments: { city: 'Paris' }, isError: false }),
      ]);
      expect(server.body(0).model).toBe('llama3.1');
      expect(server.body(0).messages[0]).toMatchObject({ role: 'system' });
      expect(
        server
          .body(0)
          .tools.map((t: any) => t.function.name)
          .sort(),
      ).toEqual([
        'chartTickets',
        'closeTicket',
        'createTicket',
        'exportTickets',
        'getTicket',
        'getWeather',
        'listTickets',
        'searchKnowledgeBase',
        'summariseTickets',
        'whoAmI',
      ]);
      const toolMessage = server.body(1).messages.find((m: any) => m.role === 'tool');
      expect(JSON.parse(toolMessage.content)).toMatchObject({ city: 'Paris', unit: 'C' });
    } finally {
      await app.close();
    }
  });
});

const SAMPLE_TOOLS = [
  'chartTickets',
  'closeTicket',
  'createTicket',
  'exportTickets',
  'getTicket',
  'getWeather',
  'listTickets',
  'searchKnowledgeBase',
  'summariseTickets',
  'whoAmI',
];

describe.each([
  {
    provider: 'openai-responses',
    adapter: 'OpenAiResponsesChatModel',
    folder: 'openai-responses',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'openai-responses',
      OPENAI_API_KEY: 'sk-sample',
      OPENAI_BASE_URL: url + '/v1',
    }),
    systemOf: (body: any) => body.input[0],
    toolNamesOf: (body: any) => body.tools.map((t: any) => t.name),
    toolResultOf: (body: any) => body.input.find((item: any) => item.type === 'function_call_output').output,
  },
  {
    provider: 'azure-openai',
    adapter: 'AzureOpenAiChatModel',
    folder: 'openai',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'azure-openai',
      AZURE_OPENAI_ENDPOINT: url,
      AZURE_OPENAI_API_KEY: 'azure-sample-key',
      OPENAI_API_VERSION: '2024-10-21',
      AZURE_OPENAI_DEPLOYMENT: 'support-desk',
    }),
    systemOf: (body: any) => body.messages[0],
    toolNamesOf: (body: any) => body.tools.map((t: any) => t.function.name),
    toolResultOf: (body: any) => body.messages.find((m: any) => m.role === 'tool').content,
  },
  {
    provider: 'gemini',
    adapter: 'GeminiChatModel',
    folder: 'gemini',
    env: (url: string) => ({ GEMINI_API_KEY: 'gemini-sample-key', GEMINI_BASE_URL: url }),
    systemOf: (body: any) => ({ ...body.systemInstruction, role: 'system' }),
    toolNamesOf: (body: any) => body.tools[0].functionDeclarations.map((t: any) => t.name),
    toolResultOf: (body: any) =>
      body.contents.flatMap((c: any) => c.parts).find((p: any) => p.functionResponse).functionResponse
        .response.output,
  },
] as const)('sample app answering through $provider when its variables are set', (testCase) => {
  const saved = { ...process.env };
  let server: ProviderTestServer;

  beforeAll(async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture(testCase.folder, 'weather-tool-call.json') },
      { json: jsonFixture(testCase.folder, 'weather-answer.json') },
    );
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|AZURE_OPENAI|GEMINI|GOOGLE|TOOL_CALLING)_/.test(key)) delete process.env[key];
    Object.assign(process.env, testCase.env(server.url()));
  });

  afterAll(async () => {
    process.env = saved;
    await server.close();
  });

  it('answers with the provider, the same tools and the system prompt', async () => {
    const { app, url } = await startSupportDesk();
    try {
      const authorization = await signIn(url, 'alice');
      await request(url)
        .get('/chat/model')
        .set('authorization', authorization)
        .expect(200, { model: testCase.adapter });
      const { body } = await request(url)
        .post('/chat')
        .set('authorization', authorization)
        .send({ question: 'What is the weather in Paris?' })
        .expect(201);
      expect(body.answer).toBe('It is sunny in Paris, 25°C.');
      expect(body.toolCalls).toEqual([
        expect.objectContaining({ name: 'getWeather', arguments: { city: 'Paris' }, isError: false }),
      ]);
      expect(testCase.systemOf(server.body(0))).toMatchObject({ role: 'system' });
      expect(JSON.stringify(testCase.systemOf(server.body(0)))).toContain('support desk assistant');
      expect([...testCase.toolNamesOf(server.body(0))].sort()).toEqual(SAMPLE_TOOLS);
      expect(JSON.parse(testCase.toolResultOf(server.body(1)))).toMatchObject({ city: 'Paris', unit: 'C' });
    } finally {
      await app.close();
    }
  });
});
