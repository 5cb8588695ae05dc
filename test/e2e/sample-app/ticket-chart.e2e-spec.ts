import type { NestExpressApplication } from '@nestjs/platform-express';
import { PNG } from 'pngjs';
import request from 'supertest';
import { parseSse, signIn, startSupportDesk } from './support-desk.app';

describe("sample app: the ticket chart, through the chat's stream (offline model)", () => {
  let app: NestExpressApplication;
  let url: string;
  let token: string;

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING)_/.test(key)) delete process.env[key];
    ({ app, url } = await startSupportDesk());
    token = await signIn(url, 'alice');
  });
  afterAll(() => app.close());

  it("carries the chart's PNG in the tool-result event the chat page draws", async () => {
    const response = await request(url)
      .get('/chat/stream')
      .query({ question: 'Chart my open tickets by priority' })
      .set('authorization', token)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    const events = parseSse(response.body as string);
    const started = events.find((event) => event.type === 'tool-call-started');
    expect(started.toolCall).toMatchObject({ name: 'chartTickets', arguments: '{}' });
    const result = events.find((event) => event.type === 'tool-result');
    expect(result.toolResponse).toMatchObject({
      name: 'chartTickets',
      isError: false,
      result: expect.stringContaining('Open tickets by priority: high 1, normal 1, low 0.'),
    });
    expect(result.toolResponse.content).toEqual([
      { type: 'text', text: expect.stringContaining('Open tickets by priority') },
      { type: 'image', mediaType: 'image/png', data: expect.any(String) },
    ]);
    const image = result.toolResponse.content[1];
    const png = PNG.sync.read(Buffer.from(image.data, 'base64'));
    expect([png.width, png.height]).toEqual([240, 160]);
    expect(events.at(-1)).toMatchObject({ type: 'finished', finishReason: 'stop' });
  });
});
