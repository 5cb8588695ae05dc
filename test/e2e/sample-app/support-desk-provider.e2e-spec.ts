import request from 'supertest';
import { jsonFixture, ProviderTestServer } from '../../models/support/provider-test.server';
import { startSupportDesk } from './support-desk.app';

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
      await request(url).get('/chat/model').expect(200, { model: 'OpenAiChatModel' });
      const { body } = await request(url)
        .post('/chat')
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
        'closeTicket',
        'createTicket',
        'exportTickets',
        'getTicket',
        'getWeather',
        'listTickets',
        'whoAmI',
      ]);
      const toolMessage = server.body(1).messages.find((m: any) => m.role === 'tool');
      expect(JSON.parse(toolMessage.content)).toMatchObject({ city: 'Paris', unit: 'C' });
    } finally {
      await app.close();
    }
  });
});
