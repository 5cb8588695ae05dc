import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ScriptedChatModel } from '../../lib/testing';
import { ChatClient, MethodToolCallbackProvider, ToolCallingModule, ToolContext } from '../../lib';
import { ChatController, getTime, WeatherTools } from '../../docs/examples/readme.example';

describe('docs/examples/readme.example.ts', () => {
  it('the first tool and the function tool work', async () => {
    const [getWeather] = MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();
    await expect(getWeather.call('{"city":"Paris"}', ToolContext.of({ tenantId: 'acme' }))).resolves.toBe(
      'Paris: sunny, 25°C (asked for tenant acme)',
    );
    await expect(getTime.call('{"zone":"UTC"}')).resolves.toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('the controller answers through the ChatClient with the discovered tool', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'getWeather', arguments: { city: 'Rome' } }] },
      'Sunny.',
    ]);
    const moduleRef = await Test.createTestingModule({
      imports: [ToolCallingModule.forRoot({ chatModel: model })],
      controllers: [ChatController],
      providers: [WeatherTools],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const response = await request(app.getHttpServer())
        .post('/chat')
        .set('x-tenant-id', 'acme')
        .send({ question: 'Weather in Rome?' });
      expect(response.status).toBe(201);
      expect(response.text).toBe('Sunny.');
      expect(model.requests[1].messages[2]).toMatchObject({
        role: 'tool',
        // The tenant the controller put in the context reaches the tool.
        responses: [
          { name: 'getWeather', result: 'Rome: sunny, 25°C (asked for tenant acme)', isError: false },
        ],
      });
      expect(app.get(ChatClient)).toBeInstanceOf(ChatClient);
    } finally {
      await app.close();
    }
  });
});
