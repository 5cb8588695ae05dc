import type { INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ChatModelConfigurationError } from 'nestjs-tool-calling';
import { AppModule, ConfiguredAppModule } from '../../docs/examples/getting-started.example';
import { withEnv } from '../module/with-env';
import { jsonFixture, ProviderTestServer } from '../models/support/provider-test.server';

async function start(rootModule: Type): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [rootModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('docs/examples/getting-started.example.ts', () => {
  let server: ProviderTestServer;

  beforeEach(async () => {
    server = await ProviderTestServer.start(
      { json: jsonFixture('openai', 'weather-tool-call.json') },
      { json: jsonFixture('openai', 'weather-answer.json') },
    );
  });

  afterEach(() => server.close());

  it.each([
    ['AppModule (forRoot with provider settings)', AppModule, undefined],
    [
      'ConfiguredAppModule (forRootAsync with toolCallingConfig)',
      ConfiguredAppModule,
      'You are a weather assistant. Answer in one sentence.',
    ],
  ])('%s answers POST /chat through the tool loop', async (_name, rootModule, system) => {
    await withEnv({ OPENAI_API_KEY: 'sk-docs-test', OPENAI_BASE_URL: server.url('/v1') }, async () => {
      const app = await start(rootModule);
      try {
        const response = await request(app.getHttpServer())
          .post('/chat')
          .send({ question: 'What is the weather in Paris?' })
          .expect(201);
        expect(response.text).toBe('It is sunny in Paris, 25°C.');
      } finally {
        await app.close();
      }
    });
    expect(server.requests).toHaveLength(2);
    const first = server.body(0);
    expect(first.model).toBe('gpt-4o-mini');
    expect(first.tools.map((tool: any) => tool.function.name)).toEqual(['getWeather']);
    expect(first.messages[0]).toEqual(
      system
        ? { role: 'system', content: system }
        : { role: 'user', content: 'What is the weather in Paris?' },
    );
    expect(server.body(1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Paris: sunny, 25°C' });
  });

  it('AppModule does not start without an API key, saying what to set', async () => {
    const error = await withEnv({}, () => start(AppModule).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect((error as Error).message).toBe(
      'The OpenAI chat model (provider "openai") needs an API key: set it in the apiKey setting or OPENAI_API_KEY ' +
        '(a local OpenAI-compatible server needs only a baseURL)',
    );
  });
});
