import { IsInt, IsString } from 'class-validator';
import { PNG } from 'pngjs';
import { z } from 'zod';
import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolOutputError,
  ResultPart,
  Tool,
  ToolParam,
  ToolResult,
  ToolResultTooLargeError,
  type ChatStreamEvent,
  type ToolCallback,
  type ToolCallingLimits,
  type ToolContext,
  type ToolDefinition,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ScriptedTurn } from 'nestjs-tool-calling/testing';

/** A real PNG (pngjs): `width`×`height` pixels of one colour. */
function chartPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

const CHART = chartPng(8, 4);

function calling(name: string, args: Record<string, unknown> = {}): ScriptedTurn {
  return { toolCalls: [{ name, arguments: args }] };
}

class ChartTools {
  @Tool({ description: 'A chart of the open tickets of a tenant' })
  ticketChart(@ToolParam() tenant: string): ToolResult {
    return ToolResult.of(`Open tickets of ${tenant}`, ResultPart.image(CHART, 'image/png'));
  }

  @Tool({ description: 'The chart as bare bytes' })
  chartBytes(): Buffer {
    return CHART;
  }
}

class Weather {
  @IsString()
  city!: string;

  @IsInt()
  celsius!: number;
}

class WeatherTools {
  @Tool({
    description: 'Weather as structured data',
    outputSchema: z.object({ city: z.string(), celsius: z.number().int() }),
  })
  weather(@ToolParam() city: string): ToolResult {
    return ToolResult.of(`${city}: 21°C`).withStructuredContent({ city, celsius: 21 });
  }

  @Tool({ description: 'Weather, broken', outputSchema: Weather })
  brokenWeather(@ToolParam() city: string): object {
    return { city, celsius: 'warm' };
  }

  @Tool({ description: 'Weather as a plain object', outputSchema: Weather })
  plainWeather(@ToolParam() city: string): Weather {
    return Object.assign(new Weather(), { city, celsius: 19 });
  }
}

/** A hand-written callback that resolves a ToolResult of every kind of part. */
class ScreenshotCallback implements ToolCallback {
  getToolDefinition(): ToolDefinition {
    return {
      name: 'screenshot',
      description: 'A screenshot of a page',
      inputSchema: { type: 'object', properties: {} },
    };
  }

  getToolMetadata() {
    return { returnDirect: false };
  }

  async call(_input: string, _context?: ToolContext): Promise<string | ToolResult> {
    return ToolResult.of(
      ResultPart.image(CHART.toString('base64'), 'image/png'),
      'the page',
      ResultPart.resourceLink({ uri: 'file:///page.html', name: 'page.html', mediaType: 'text/html' }),
    );
  }
}

function clientWith(
  model: ScriptedChatModel,
  tools: { tools?: object[]; toolCallbacks?: ToolCallback[] },
  limits?: ToolCallingLimits,
) {
  return ChatClient.create(model, tools, limits ? { toolCallingManager: { limits } } : {});
}

async function firstToolResponse(
  tools: { tools?: object[]; toolCallbacks?: ToolCallback[] },
  turn: ScriptedTurn,
  limits?: ToolCallingLimits,
): Promise<ToolResponse> {
  const model = new ScriptedChatModel([turn, 'done']);
  await clientWith(model, tools, limits).prompt('go').call().content();
  const [response] = model.toolResponses();
  return response;
}

describe('rich tool results', () => {
  it("brings the image a @Tool method returns to the model's next request as an ImagePart, beside its text", async () => {
    const model = new ScriptedChatModel([calling('ticketChart', { tenant: 'acme' }), 'Here is the chart.']);
    const text = await clientWith(model, { tools: [new ChartTools()] })
      .prompt('chart')
      .call()
      .content();

    expect(text).toBe('Here is the chart.');
    expect(model.toolResponses()).toEqual([
      {
        id: 'call_1_1',
        name: 'ticketChart',
        result: 'Open tickets of acme',
        isError: false,
        content: [
          { type: 'text', text: 'Open tickets of acme' },
          { type: 'image', mediaType: 'image/png', data: CHART.toString('base64') },
        ],
      },
    ]);
    const image = model.toolResponses()[0].content![1];
    expect(image.type === 'image' && PNG.sync.read(Buffer.from(image.data!, 'base64')).width).toBe(8);
  });

  it('turns the PNG bytes a @Tool method returns into an ImagePart with no text', async () => {
    expect(await firstToolResponse({ tools: [new ChartTools()] }, calling('chartBytes'))).toEqual({
      id: 'call_1_1',
      name: 'chartBytes',
      result: '',
      isError: false,
      content: [{ type: 'image', mediaType: 'image/png', data: CHART.toString('base64') }],
    });
  });

  it('does the same for a function tool returning bytes and one returning a ToolResult', async () => {
    const bytes = FunctionToolCallback.from({ name: 'bytes', fn: () => new Uint8Array(CHART) });
    const rich = FunctionToolCallback.from({
      name: 'rich',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      fn: ({ n }: { n: number }) =>
        ToolResult.of(`page ${n}`, ResultPart.file(CHART, 'application/pdf', 'p.pdf')),
    });
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'bytes' }, { name: 'rich', arguments: { n: 2 } }] },
      'done',
    ]);
    await clientWith(model, { toolCallbacks: [bytes, rich] })
      .prompt('go')
      .call()
      .content();

    const [first, second] = model.toolResponses();
    expect(first.content).toEqual([
      { type: 'image', mediaType: 'image/png', data: CHART.toString('base64') },
    ]);
    expect(second).toEqual({
      id: 'call_1_2',
      name: 'rich',
      result: 'page 2',
      isError: false,
      content: [
        { type: 'text', text: 'page 2' },
        { type: 'file', mediaType: 'application/pdf', data: CHART.toString('base64'), filename: 'p.pdf' },
      ],
    });
  });

  it('carries the parts of a hand-written callback in their order, the text being its text parts', async () => {
    const response = await firstToolResponse(
      { toolCallbacks: [new ScreenshotCallback()] },
      calling('screenshot'),
    );
    expect(response.result).toBe('the page');
    expect(response.content?.map((part) => part.type)).toEqual(['image', 'text', 'resource-link']);
  });

  it('sends a string, and a ToolResult of text only, exactly as before: no content, texts joined by a line break', async () => {
    const plain = FunctionToolCallback.from({ name: 'plain', fn: () => 'just text' });
    const texts = FunctionToolCallback.from({ name: 'texts', fn: () => ToolResult.of('one', 'two') });
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'plain' }, { name: 'texts' }] }, 'done']);
    await clientWith(model, { toolCallbacks: [plain, texts] })
      .prompt('go')
      .call()
      .content();
    expect(model.toolResponses()).toEqual([
      { id: 'call_1_1', name: 'plain', result: 'just text', isError: false },
      { id: 'call_1_2', name: 'texts', result: 'one\ntwo', isError: false },
    ]);
    expect(Object.keys(model.toolResponses()[0])).toEqual(['id', 'name', 'result', 'isError']);
  });

  describe('structured results and outputSchema', () => {
    it('serves the outputSchema in the definition (not to the model) and carries the checked structured content', async () => {
      const model = new ScriptedChatModel([calling('weather', { city: 'Oslo' }), 'done']);
      await clientWith(model, { tools: [new WeatherTools()] })
        .prompt('go')
        .call()
        .content();
      expect(model.toolResponses()).toEqual([
        {
          id: 'call_1_1',
          name: 'weather',
          result: 'Oslo: 21°C',
          isError: false,
          structuredContent: { city: 'Oslo', celsius: 21 },
        },
      ]);
      const definition = model.requests[0].tools.find((tool) => tool.name === 'weather')!;
      expect(definition.outputSchema).toMatchObject({
        type: 'object',
        properties: { city: { type: 'string' }, celsius: { type: 'integer' } },
      });
    });

    it('makes a plain object of a tool with an outputSchema its structured content and its JSON text', async () => {
      const response = await firstToolResponse(
        { tools: [new WeatherTools()] },
        calling('plainWeather', { city: 'Rome' }),
      );
      expect(response).toEqual({
        id: 'call_1_1',
        name: 'plainWeather',
        result: '{"city":"Rome","celsius":19}',
        isError: false,
        structuredContent: { city: 'Rome', celsius: 19 },
      });
    });

    it('answers a structured result that does not match with an InvalidToolOutputError result', async () => {
      const response = await firstToolResponse(
        { tools: [new WeatherTools()] },
        calling('brokenWeather', { city: 'Rome' }),
      );
      expect(response).toEqual({
        id: 'call_1_1',
        name: 'brokenWeather',
        result:
          'The structured result of tool "brokenWeather" does not match its outputSchema: ' +
          'celsius: must be integer, received string "warm"',
        isError: true,
      });
    });

    it('checks a function tool against a JSON Schema, and rethrows the typed error when asked to', async () => {
      const temperature = FunctionToolCallback.from({
        name: 'temperature',
        outputSchema: {
          type: 'object',
          properties: { celsius: { type: 'number' } },
          required: ['celsius'],
        },
        fn: () => ToolResult.of('hot').withStructuredContent({ fahrenheit: 99 }),
      });
      const model = new ScriptedChatModel([calling('temperature'), 'done']);
      const chat = ChatClient.create(
        model,
        { toolCallbacks: [temperature] },
        {
          toolCallingManager: {
            exceptionProcessor: {
              process: (error) => {
                throw error;
              },
            },
          },
        },
      );
      const error = await chat
        .prompt('go')
        .call()
        .content()
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(InvalidToolOutputError);
      expect((error as InvalidToolOutputError).message).toBe(
        'The structured result of tool "temperature" does not match its outputSchema: ' +
          'celsius: is required but missing',
      );
    });

    it("checks a hand-written callback's structured content against its definition's outputSchema", async () => {
      const forecast = (structured: Record<string, unknown>): ToolCallback => ({
        getToolDefinition: () => ({
          name: 'forecast',
          description: 'A forecast',
          inputSchema: { type: 'object', properties: {} },
          outputSchema: { type: 'object', properties: { days: { type: 'integer' } }, required: ['days'] },
        }),
        getToolMetadata: () => ({ returnDirect: false }),
        call: async () => ToolResult.of('forecast').withStructuredContent(structured),
      });
      const good = await firstToolResponse({ toolCallbacks: [forecast({ days: 3 })] }, calling('forecast'));
      expect(good.structuredContent).toEqual({ days: 3 });
      const bad = await firstToolResponse(
        { toolCallbacks: [forecast({ days: 'three' })] },
        calling('forecast'),
      );
      expect(bad).toEqual({
        id: 'call_1_1',
        name: 'forecast',
        result:
          'The structured result of tool "forecast" does not match its outputSchema: ' +
          'days: must be integer, received string "three"',
        isError: true,
      });
    });

    it('structured content alone is the text: its JSON, first in the content beside media', async () => {
      const tool = FunctionToolCallback.from({
        name: 'figure',
        fn: () => ToolResult.of(ResultPart.image(CHART, 'image/png')).withStructuredContent({ open: 3 }),
      });
      const response = await firstToolResponse({ toolCallbacks: [tool] }, calling('figure'));
      expect(response.result).toBe('{"open":3}');
      expect(response.content?.map((part) => part.type)).toEqual(['text', 'image']);
      expect(response.content?.[0]).toEqual({ type: 'text', text: '{"open":3}' });
      expect(response.structuredContent).toEqual({ open: 3 });
    });
  });

  describe('limits', () => {
    const picture = FunctionToolCallback.from({
      name: 'picture',
      fn: () => ToolResult.of('caption '.repeat(10), ResultPart.image(Buffer.alloc(3_000, 1), 'image/png')),
    });

    it('refuses media over limits.maxResultBytes with a ToolResultTooLargeError result, keeping no part', async () => {
      const response = await firstToolResponse({ toolCallbacks: [picture] }, calling('picture'), {
        maxResultBytes: 2_000,
      });
      expect(response).toEqual({
        id: 'call_1_1',
        name: 'picture',
        result:
          'The result of tool "picture" was not sent: its media (images, audio, files) take 3,000 bytes, more than ' +
          'the limit of 2,000 bytes (limits.maxResultBytes). Ask for a smaller result (fewer or smaller images, a ' +
          'lower resolution, a page range).',
        isError: true,
      });
      expect(new ToolResultTooLargeError('picture', 3_000, 2_000).name).toBe('ToolResultTooLargeError');
    });

    it('counts media at a URL as no bytes, and lets media at the limit through', async () => {
      const atLimit = await firstToolResponse({ toolCallbacks: [picture] }, calling('picture'), {
        maxResultBytes: 3_000,
      });
      expect(atLimit.isError).toBe(false);
      const linked = FunctionToolCallback.from({
        name: 'linked',
        fn: () => ToolResult.of(ResultPart.imageUrl('https://example.com/big.png', 'image/png')),
      });
      const response = await firstToolResponse({ toolCallbacks: [linked] }, calling('linked'), {
        maxResultBytes: 1,
      });
      expect(response.content).toEqual([
        { type: 'image', mediaType: 'image/png', url: 'https://example.com/big.png' },
      ]);
    });

    it('cuts only the text to maxResultChars: the media stay, and the content text is the cut result', async () => {
      const model = new ScriptedChatModel([calling('picture'), 'done']);
      const events: ChatStreamEvent[] = [];
      for await (const event of clientWith(model, { toolCallbacks: [picture] }, { maxResultChars: 12 })
        .prompt('go')
        .stream()
        .events())
        events.push(event);
      const [response] = model.toolResponses();
      expect(response.result.startsWith('caption capt\n[The result was truncated')).toBe(true);
      expect(response.content).toEqual([
        { type: 'text', text: response.result },
        { type: 'image', mediaType: 'image/png', data: Buffer.alloc(3_000, 1).toString('base64') },
      ]);
      expect(events.find((event) => event.type === 'tool-result-truncated')).toMatchObject({
        resultChars: 80,
        maxResultChars: 12,
      });
    });
  });

  it('streams the parts in the tool-result event, so that a UI can show the image', async () => {
    const model = new ScriptedChatModel([calling('ticketChart', { tenant: 'acme' }), 'Here.']);
    const events: ChatStreamEvent[] = [];
    for await (const event of clientWith(model, { tools: [new ChartTools()] })
      .prompt('go')
      .stream()
      .events())
      events.push(event);
    const result = events.find((event) => event.type === 'tool-result');
    expect(result?.type === 'tool-result' && result.toolResponse.content).toEqual([
      { type: 'text', text: 'Open tickets of acme' },
      { type: 'image', mediaType: 'image/png', data: CHART.toString('base64') },
    ]);
  });

  it('ends a returnDirect call with the text of the results as its text, and their parts in returnDirect', async () => {
    const direct = FunctionToolCallback.from({
      name: 'direct',
      returnDirect: true,
      fn: () => ToolResult.of('Your chart', ResultPart.image(CHART, 'image/png')),
    });
    const model = new ScriptedChatModel([calling('direct')]);
    const response = await clientWith(model, { toolCallbacks: [direct] })
      .prompt('go')
      .call()
      .chatResponse();
    expect(response.text).toBe('Your chart');
    expect(response.returnDirect?.[0].content?.map((part) => part.type)).toEqual(['text', 'image']);
  });

  it("names a result's media (type, size), never its bytes, when the scripted model's script runs out", async () => {
    const model = new ScriptedChatModel([calling('chartBytes')]);
    const error = await clientWith(model, { tools: [new ChartTools()] })
      .prompt('go')
      .call()
      .content()
      .catch((thrown: unknown) => thrown as Error);
    expect((error as Error).message).toContain(`chartBytes: "" (+ image image/png ${CHART.length} bytes)`);
  });
});
