import { get } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ChatClient, ToolCallingModule, type ChatModel, type ChatStreamEvent } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  ChatStreamController,
  WeatherTools,
  answerWithin,
  firstToolCall,
  narrate,
  printAnswer,
} from '../../docs/examples/streaming.example';

const usage = (total: number) => ({ promptTokens: total - 5, completionTokens: 5, totalTokens: total });

function weatherModel(): ScriptedChatModel {
  return new ScriptedChatModel([
    {
      text: 'Let me check.',
      toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }],
      usage: usage(20),
    },
    { text: 'Sunny in Paris.', usage: usage(30) },
  ]);
}

const weatherChat = (model = weatherModel()) => ChatClient.create(model, { tools: [new WeatherTools()] });

/** The `data:` lines of a server-sent events body, parsed. */
function eventsOf(body: string): unknown[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)));
}

describe('docs/examples/streaming.example.ts', () => {
  it('printAnswer() writes the text in pieces as it arrives', async () => {
    const pieces: string[] = [];
    await printAnswer(weatherChat(), 'Weather in Paris?', (text) => pieces.push(text));
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('Let me check.Sunny in Paris.');
  });

  it('narrate() sees every event type, in order', async () => {
    expect(await narrate(weatherChat(), 'Weather in Paris?')).toEqual([
      'model request 1 finished: tool_calls',
      'calling getWeather {"city":"Paris"}',
      'getWeather → Paris: sunny, 25°C',
      'model request 2 finished: stop',
      'answer: Sunny in Paris. (2 requests, 50 tokens)',
    ]);
    const failing = new ScriptedChatModel([{ toolCalls: [{ name: 'getForecast' }] }, 'No forecast.']);
    expect(await narrate(weatherChat(failing), 'Forecast?')).toContain(
      'getForecast failed: Unknown tool "getForecast". The available tools are: "getWeather". Call one of them, or ' +
        'answer without a tool.',
    );
  });

  describe('ChatStreamController', () => {
    async function appWith(model: ScriptedChatModel): Promise<INestApplication> {
      const moduleRef = await Test.createTestingModule({
        imports: [ToolCallingModule.forRoot({ chatModel: model })],
        controllers: [ChatStreamController],
        providers: [WeatherTools],
      }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.init();
      return app;
    }

    function fetchStream(app: INestApplication, question: string) {
      return request(app.getHttpServer())
        .get('/chat/stream')
        .query({ question })
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done(null, text));
        });
    }

    it('sends every event as server-sent events with JSON data', async () => {
      const app = await appWith(weatherModel());
      try {
        const response = await fetchStream(app, 'Weather in Paris?').expect(200);
        expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
        const events = eventsOf(response.body as string) as ChatStreamEvent[];
        const types = events.map((event) => event.type).filter((type, i, all) => type !== all[i - 1]);
        expect(types).toEqual([
          'text-delta',
          'tool-input-delta',
          'round-finished',
          'tool-call-started',
          'tool-result',
          'text-delta',
          'round-finished',
          'finished',
        ]);
        expect(events.at(-1)).toMatchObject({ type: 'finished', text: 'Sunny in Paris.', rounds: 2 });
        // As docs/streaming.md shows them.
        expect(events.slice(0, 2)).toEqual([
          { type: 'text-delta', round: 1, text: 'Let ' },
          { type: 'text-delta', round: 1, text: 'me c' },
        ]);
        expect(JSON.stringify(events[8])).toBe(
          '{"type":"round-finished","round":1,"finishReason":"tool_calls","usage":{"promptTokens":15,"completionTokens":5,"totalTokens":20}}',
        );
        expect(JSON.stringify(events[9])).toBe(
          '{"type":"tool-call-started","round":1,"toolCall":{"id":"call_1_1","name":"getWeather","arguments":"{\\"city\\":\\"Paris\\"}"}}',
        );
      } finally {
        await app.close();
      }
    });

    it('aborts the call when the client disconnects', async () => {
      let markAborted: () => void = () => undefined;
      const aborted = new Promise<void>((resolve) => (markAborted = resolve));
      const model: ChatModel = {
        call: () => Promise.reject(new Error('not used')),
        async *stream(_prompt, options) {
          yield { type: 'text-delta', text: 'Thinking' };
          await new Promise((_resolve, reject) =>
            options?.signal?.addEventListener('abort', () => {
              markAborted();
              reject(options.signal!.reason);
            }),
          );
        },
      };
      const moduleRef = await Test.createTestingModule({
        imports: [ToolCallingModule.forRoot({ chatModel: model })],
        controllers: [ChatStreamController],
      }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.listen(0, '127.0.0.1');
      try {
        const url = `${await app.getUrl()}/chat/stream?question=hi`;
        await new Promise<void>((resolve, reject) => {
          // The first event arrived: the call is running. Then the client goes away.
          const req = get(url, (res) =>
            res.once('data', () => {
              req.destroy();
              resolve();
            }),
          );
          req.on('error', reject);
        });
        await aborted;
      } finally {
        await app.close();
      }
    });

    it('ends with its own error event when the call fails', async () => {
      const app = await appWith(new ScriptedChatModel([]));
      try {
        const response = await fetchStream(app, 'Weather in Paris?').expect(200);
        expect(eventsOf(response.body as string)).toEqual([
          { type: 'error', message: 'The assistant could not answer.' },
        ]);
      } finally {
        await app.close();
      }
    });
  });

  it('firstToolCall() leaves the loop early, which aborts the rest of the call', async () => {
    const model = weatherModel();
    expect(await firstToolCall(weatherChat(model), 'Weather in Paris?')).toMatchObject({
      type: 'tool-call-started',
      toolCall: { name: 'getWeather' },
    });
    expect(model.requests).toHaveLength(1);
  });

  it('answerWithin() rejects with the signal’s reason when the time runs out', async () => {
    const slow = new ScriptedChatModel(() => new Promise(() => undefined));
    await expect(answerWithin(ChatClient.create(slow), 'Hello?', 20)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(await answerWithin(weatherChat(), 'Weather in Paris?', 5_000)).toBe(
      'Let me check.Sunny in Paris.',
    );
  });
});
