import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { ChatClient, MethodToolCallbackProvider, ToolCallingModule, ToolContext } from 'nestjs-tool-calling';
import { getTime } from '../../docs/examples/readme.example';
import { ChatController } from '../../docs/examples/first-app/chat.controller';
import { WeatherTools } from '../../docs/examples/first-app/weather.tools';

describe('docs/examples/readme.example.ts and the first app', () => {
  it('the first tool and the function tool work', async () => {
    const [getWeather] = MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();
    await expect(getWeather.call('{"city":"Paris"}', ToolContext.of({ unit: 'F' }))).resolves.toBe(
      'Paris: sunny, 77°F',
    );
    expect(getWeather.getToolDefinition()).toEqual({
      name: 'getWeather',
      description: 'Current weather in a city. Use it for any question about the weather.',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { city: { type: 'string', description: 'City name, e.g. Paris' } },
        required: ['city'],
        additionalProperties: false,
      },
    });
    await expect(getTime.call('{"zone":"UTC"}')).resolves.toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('the controller answers through the ChatClient with the discovered tool and its context', async () => {
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
        .send({ question: 'Weather in Rome?' });
      expect(response.status).toBe(201);
      expect(response.text).toBe('Sunny.');
      expect(model.requests[1].messages[2]).toMatchObject({
        role: 'tool',
        // The unit the controller put in the context reaches the tool.
        responses: [{ name: 'getWeather', result: 'Rome: sunny, 25°C', isError: false }],
      });
      expect(app.get(ChatClient)).toBeInstanceOf(ChatClient);
    } finally {
      await app.close();
    }
  });
});
