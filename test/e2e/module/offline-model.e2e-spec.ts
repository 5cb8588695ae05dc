import type { INestApplication, Type } from '@nestjs/common';
import request from 'supertest';
import { CHAT_MODEL, ChatModelConfigurationError, OfflineChatModel } from 'nestjs-tool-calling';
import { withEnv } from '../../module/with-env';
import { OfflineForRootAppModule, OfflineFromEnvironmentAppModule } from './fixtures/offline.app';
import { startApp, startupError } from './fixtures/start-app';

const withNodeEnv = async <T>(value: string, body: () => Promise<T>): Promise<T> => {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = value;
  try {
    return await body();
  } finally {
    process.env.NODE_ENV = saved;
  }
};

describe.each<[string, Type, Record<string, string>]>([
  ['TOOL_CALLING_PROVIDER=offline', OfflineFromEnvironmentAppModule, { TOOL_CALLING_PROVIDER: 'offline' }],
  ["forRoot({ chatModel: { provider: 'offline' } })", OfflineForRootAppModule, {}],
])('the offline model with %s', (_, rootModule, env) => {
  it('answers over HTTP without a key: picks the tool by the question’s words and says it is no language model', async () => {
    const app: INestApplication = await withEnv(env, () => startApp(rootModule));
    try {
      expect(app.get(CHAT_MODEL)).toBeInstanceOf(OfflineChatModel);
      const { body } = await request(app.getHttpServer())
        .post('/ask')
        .send({ question: 'What is the status of order 42?' })
        .expect(201);
      expect(body.calls).toEqual([['getOrderStatus', { orderId: 42 }]]);
      expect(body.answer).toBe(
        'Here is what I found for "What is the status of order 42?":\n' +
          '- Get order status: orderId 42, status shipped, carrier DHL\n\n' +
          '(Offline model, not a language model: it picks tools by the words of your question and repeats their ' +
          'results. Configure a provider to get real answers.)',
      );
    } finally {
      await app.close();
    }
  });

  it('does not start when NODE_ENV is production, saying why', async () => {
    const error = await withNodeEnv('production', () => withEnv(env, () => startupError(rootModule)));
    expect(error).toBeInstanceOf(ChatModelConfigurationError);
    expect(error.message).toMatch(
      /^the offline model is not a language model and is refused when NODE_ENV is "production": configure a real provider/,
    );
  });
});
