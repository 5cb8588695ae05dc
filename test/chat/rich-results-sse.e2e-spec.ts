import { Controller, type INestApplication, type MessageEvent, Sse } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PNG } from 'pngjs';
import type { Observable } from 'rxjs';
import request from 'supertest';
import {
  ChatClient,
  ResultPart,
  Tool,
  ToolParam,
  ToolResult,
  type ChatStreamEvent,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

function chart(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0xc0);
  return PNG.sync.write(png);
}

class ChartTools {
  @Tool({ description: 'A chart of the open tickets of a tenant' })
  ticketChart(@ToolParam() tenant: string): ToolResult {
    return ToolResult.of(`Open tickets of ${tenant}`, ResultPart.image(chart(6, 3), 'image/png'));
  }
}

@Controller()
class ChatController {
  @Sse('chat')
  stream(): Observable<MessageEvent> {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_1', name: 'ticketChart', arguments: { tenant: 'acme' } }] },
      'Here is the chart.',
    ]);
    return ChatClient.create(model, { tools: [new ChartTools()] })
      .prompt('Chart?')
      .stream()
      .sse({ namedEvents: true });
  }
}

describe('stream().sse() with a rich tool result', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ChatController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('sends the parts in the tool-result event: the browser gets an image it can show as a data URL', async () => {
    const response = await request(app.getHttpServer())
      .get('/chat')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });

    const messages = (response.body as string).split('\n\n').filter(Boolean);
    const toolResult = messages.find((message) => message.includes('event: tool-result\n'))!;
    const data = JSON.parse(
      toolResult
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6),
    ) as ChatStreamEvent;
    expect(data.type).toBe('tool-result');
    const toolResponse = data.type === 'tool-result' ? data.toolResponse : undefined;
    expect(toolResponse?.result).toBe('Open tickets of acme');
    expect(toolResponse?.content?.map((part) => part.type)).toEqual(['text', 'image']);
    const image = toolResponse!.content![1];
    if (image.type !== 'image' || image.data === undefined) throw new Error('no inline image');
    const src = `data:${image.mediaType};base64,${image.data}`;
    const shown = PNG.sync.read(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
    expect([shown.width, shown.height]).toEqual([6, 3]);
  });
});
