import { Logger } from '@nestjs/common';
import {
  MethodToolCallbackProvider,
  Tool,
  ToolParam,
  userMessage,
  type ToolDefinition,
} from 'nestjs-tool-calling';
import { OpenAiChatModel, toOpenAiStrictSchema } from 'nestjs-tool-calling/openai';
import { OPENAI_TEST_KEY, prompt, weatherTools } from '../support/chat-test.helpers';
import { jsonFixture, ProviderTestServer } from '../support/provider-test.server';
import { ORDER_SCHEMA } from './order.schema';

describe('toOpenAiStrictSchema', () => {
  it('requires every property, makes optional ones nullable and closes every object', () => {
    expect(toOpenAiStrictSchema(ORDER_SCHEMA)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        note: { type: ['string', 'null'] },
        express: { description: 'Fast delivery', anyOf: [{ const: true }, { type: 'null' }] },
        address: {
          type: ['object', 'null'],
          properties: { street: { type: 'string' }, zip: { type: ['string', 'null'] } },
          required: ['street', 'zip'],
          additionalProperties: false,
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, qty: { type: ['integer', 'null'] } },
            required: ['sku', 'qty'],
            additionalProperties: false,
          },
        },
        contact: { anyOf: [{ $ref: '#/$defs/Contact' }, { type: 'null' }] },
        size: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        gift: { type: ['boolean', 'null'] },
      },
      required: ['id', 'note', 'express', 'address', 'items', 'contact', 'size', 'gift'],
      additionalProperties: false,
      $defs: {
        Contact: {
          type: 'object',
          properties: { email: { type: 'string' }, phone: { type: ['string', 'null'] } },
          required: ['email', 'phone'],
          additionalProperties: false,
        },
      },
    });
  });

  it('adds null to the enum of an optional enum property', () => {
    const [weather] = weatherTools();
    expect(toOpenAiStrictSchema(weather.getToolDefinition().inputSchema)).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        unit: { type: ['string', 'null'], enum: ['C', 'F', null], description: 'C or F' },
      },
      required: ['city', 'unit'],
      additionalProperties: false,
    });
  });

  it('gives up on schemas strict mode cannot express: maps, objects without properties, non-object roots', () => {
    const withMap = {
      type: 'object',
      properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } },
    };
    const withOpenObject = { type: 'object', properties: { extra: { type: 'object' } } };
    const withPatterns = { type: 'object', properties: {}, patternProperties: { '^x-': { type: 'string' } } };
    expect(toOpenAiStrictSchema(withMap)).toBeUndefined();
    expect(toOpenAiStrictSchema(withOpenObject)).toBeUndefined();
    expect(toOpenAiStrictSchema(withPatterns)).toBeUndefined();
    expect(toOpenAiStrictSchema({ anyOf: [{ type: 'object' }] })).toBeUndefined();
  });

  it('returns a frozen copy and leaves the original alone', () => {
    const copy = structuredClone(ORDER_SCHEMA);
    const strict = toOpenAiStrictSchema(ORDER_SCHEMA)!;
    expect(ORDER_SCHEMA).toEqual(copy);
    expect(Object.isFrozen(strict)).toBe(true);
    expect(Object.isFrozen(strict.properties)).toBe(true);
  });
});

describe('OpenAiChatModel in strict mode', () => {
  let server: ProviderTestServer;

  afterEach(async () => {
    await server?.close();
    jest.restoreAllMocks();
  });

  async function toolsSent(settings: { strict?: boolean; strictTools?: string[] }, tools: ToolDefinition[]) {
    server = await ProviderTestServer.start({ json: jsonFixture('openai', 'text.json') });
    const chat = new OpenAiChatModel({
      model: 'gpt-4o-mini',
      apiKey: OPENAI_TEST_KEY,
      baseURL: server.url('/v1'),
      ...settings,
    });
    await chat.call(prompt({ messages: [userMessage('Hi')], tools }));
    return server.body(0).tools;
  }

  const weather = () => weatherTools()[0].getToolDefinition();
  const clock: ToolDefinition = {
    name: 'getTime',
    description: 'Current time',
    inputSchema: { type: 'object', properties: { zone: { type: 'string' } }, additionalProperties: false },
  };

  it('sends every tool strict, with the adapted schema, when strict is set', async () => {
    const tools = await toolsSent({ strict: true }, [weather(), clock]);

    expect(tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'getWeather',
          description: 'Current weather of a city',
          parameters: toOpenAiStrictSchema(weather().inputSchema),
          strict: true,
        },
      },
      {
        type: 'function',
        function: {
          name: 'getTime',
          description: 'Current time',
          parameters: {
            type: 'object',
            properties: { zone: { type: ['string', 'null'] } },
            required: ['zone'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    ]);
  });

  it('sends only the listed tools strict, and lets a definition opt out by itself', async () => {
    const optedOut: ToolDefinition = { ...weather(), strict: false };

    expect(
      (await toolsSent({ strictTools: ['getTime'] }, [weather(), clock])).map((t: any) => t.function.strict),
    ).toEqual([undefined, true]);
    await server.close();
    expect((await toolsSent({ strict: true }, [optedOut, clock])).map((t: any) => t.function.strict)).toEqual(
      [undefined, true],
    );
  });

  it('honours @Tool({ strict }) on the definition, over the model settings', async () => {
    class StrictTools {
      @Tool({ description: 'Book a room', strict: true })
      book(@ToolParam() guest: string, @ToolParam({ required: false }) nights?: number) {
        return `${guest}:${nights ?? 1}`;
      }
    }
    const [book] = MethodToolCallbackProvider.from(new StrictTools()).getToolCallbacks();
    expect(book.getToolDefinition().strict).toBe(true);
    const [sent] = await toolsSent({}, [book.getToolDefinition()]);
    expect(sent.function).toMatchObject({
      name: 'book',
      strict: true,
      parameters: {
        properties: { guest: { type: 'string' }, nights: { type: ['number', 'null'] } },
        required: ['guest', 'nights'],
        additionalProperties: false,
      },
    });
    // What a strict-mode model sends for the optional argument still runs the tool.
    await expect(book.call('{"guest":"Ada","nights":null}')).resolves.toBe('Ada:1');
  });

  it('sends a tool whose schema cannot be strict without strict mode, and warns once', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const mapTool: ToolDefinition = {
      name: 'tagThings',
      description: 'Tags',
      inputSchema: Object.freeze({
        type: 'object',
        properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } },
      }),
    };

    const tools = await toolsSent({ strict: true }, [mapTool]);
    await server.close();
    await toolsSent({ strict: true }, [mapTool]);

    expect(tools).toEqual([
      {
        type: 'function',
        function: { name: 'tagThings', description: 'Tags', parameters: mapTool.inputSchema },
      },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      'tool "tagThings" is sent without OpenAI strict mode: its input schema accepts arbitrary keys somewhere (a ' +
        'map, patternProperties) or is not an object, which strict mode cannot express',
    );
  });
});
