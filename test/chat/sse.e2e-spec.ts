import { Controller, type INestApplication, type MessageEvent, Sse } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Observable } from 'rxjs';
import request from 'supertest';
import { ChatClient, type ChatStreamEvent } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools } from './fixtures';

const model = new ScriptedChatModel([
  { toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] },
  'Sunny in Paris.',
]);
const chat = ChatClient.create(model, { tools: [new WeatherTools()] });

@Controller()
class ChatController {
  @Sse('chat')
  stream(): Observable<MessageEvent> {
    return chat.prompt('Weather in Paris?').stream().sse();
  }
}

describe('stream().sse() in a Nest @Sse() handler', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ChatController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('sends every event as a server-sent event with JSON data', async () => {
    const response = await request(app.getHttpServer())
      .get('/chat')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });

    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = (response.body as string)
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as ChatStreamEvent);
    expect(events.map((event) => event.type)).toEqual([
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-delta',
      'round-finished',
      'tool-call-started',
      'tool-result',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-delta',
      'round-finished',
      'finished',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Sunny in Paris.', rounds: 2 });
    const deltas = events.filter((event) => event.type === 'tool-input-delta');
    expect(deltas.map((event) => event.delta).join('')).toBe('{"city":"Paris"}');
    expect(deltas[0]).toEqual({
      type: 'tool-input-delta',
      round: 1,
      toolCallId: 'call_1',
      toolName: 'get_weather',
      delta: '{"ci',
    });
    expect(events[6]).toMatchObject({ toolResponse: { result: 'Paris: sunny, 25°C' } });
  });
});
