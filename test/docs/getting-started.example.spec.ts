import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../docs/examples/first-app/app.module';
import { withEnv } from '../module/with-env';
import { jsonFixture, ProviderTestServer } from '../models/support/provider-test.server';

async function start(): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

const ask = (app: INestApplication) =>
  request(app.getHttpServer()).post('/chat').send({ question: 'What is the weather in Paris?' }).expect(201);

describe('docs/examples/first-app: the app of getting-started.md, made by `nest new` plus the page’s additions', () => {
  it('keeps the generated AppController: GET / answers Hello World!, with no provider set', async () => {
    const app = await withEnv({}, start);
    try {
      await request(app.getHttpServer()).get('/').expect(200).expect('Hello World!');
    } finally {
      await app.close();
    }
  });

  it('answers without a key with TOOL_CALLING_PROVIDER=offline, as the page shows', async () => {
    const app = await withEnv({ TOOL_CALLING_PROVIDER: 'offline' }, start);
    try {
      expect((await ask(app)).text).toBe(
        'Here is what I found for "What is the weather in Paris?":\n' +
          '- Get weather: Paris: sunny, 25°C\n\n' +
          '(Offline model, not a language model: it picks tools by the words of your question and repeats their ' +
          'results. Configure a provider to get real answers.)',
      );
    } finally {
      await app.close();
    }
  });

  it('answers through a real provider’s API with OPENAI_API_KEY set (a loopback stand-in)', async () => {
    const server = await ProviderTestServer.start(
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    );
    try {
      const app = await withEnv(
        { OPENAI_API_KEY: 'sk-docs-test', OPENAI_BASE_URL: server.url('/v1') },
        start,
      );
      try {
        expect((await ask(app)).text).toBe('It is sunny in Paris, 25°C.');
      } finally {
        await app.close();
      }
      expect(server.requests).toHaveLength(2);
      expect(server.body(0).model).toBe('gpt-4o-mini');
      expect(server.body(0).tools.map((tool: any) => tool.function.name)).toEqual(['getWeather']);
      expect(server.body(1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Paris: sunny, 25°C' });
    } finally {
      await server.close();
    }
  });
});
