// Compiled by `npm run typecheck`: every sample in docs/testing.md comes from this file. It is written as a user's
// spec file; test/docs/testing.example.spec.ts imports it, which registers these tests with Jest.
import { Body, Controller, Headers, Injectable, Module, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  CHAT_MODEL,
  ChatClient,
  MethodToolCallbackProvider,
  Tool,
  ToolCallingModule,
  ToolContext,
  ToolParam,
} from 'nestjs-tool-calling';
import { ScriptExhaustedError, ScriptedChatModel } from 'nestjs-tool-calling/testing';

// --- The code under test (in your app, in files of its own) -------------------------------------------------
export interface TenantContext extends Record<string, unknown> {
  tenantId: string;
}

@Injectable()
export class OrderTools {
  @Tool({ description: 'Find an order of the current customer by its number' })
  findOrder(
    @ToolParam({ description: 'Order number' }) id: number,
    context: ToolContext<TenantContext>,
  ): string {
    return `order #${id} of ${context.require('tenantId')}: shipped`;
  }
}

@Controller('assistant')
export class AssistantController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string, @Headers('x-tenant-id') tenantId: string): Promise<string> {
    return this.chat.prompt(question).toolContext({ tenantId }).call().content();
  }
}

@Module({
  imports: [ToolCallingModule.forRoot({ chatModel: { provider: 'openai', model: 'gpt-4o-mini' } })],
  controllers: [AssistantController],
  providers: [OrderTools],
})
export class AppModule {}

// --- A tool on its own ----------------------------------------------------------------------------------------
describe('OrderTools.findOrder', () => {
  const [findOrder] = MethodToolCallbackProvider.from(new OrderTools()).getToolCallbacks();
  const acme = ToolContext.of({ tenantId: 'acme' });

  it('finds the order of the tenant in the context', async () => {
    await expect(findOrder.call('{"id":42}', acme)).resolves.toBe('order #42 of acme: shipped');
  });

  it('tells the model what is wrong with its arguments', async () => {
    await expect(findOrder.call('{"id":"42"}', acme)).rejects.toThrow(
      'Invalid arguments for tool "findOrder": id: must be number, received string "42". Correct the arguments and ' +
        'call the tool again.',
    );
  });

  it('shows the model a schema without the context', () => {
    expect(findOrder.getToolDefinition()).toEqual({
      name: 'findOrder',
      description: 'Find an order of the current customer by its number',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { type: 'number', description: 'Order number' } },
        required: ['id'],
        additionalProperties: false,
      },
    });
  });
});

// --- The loop, with a scripted model --------------------------------------------------------------------------
describe('OrderTools in a conversation', () => {
  it('runs the tool the model asks for and sends its result back', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'findOrder', arguments: { id: 42 } }] },
      'Your order #42 has shipped.',
    ]);
    const chat = ChatClient.create(model, { tools: [new OrderTools()] });

    const response = await chat
      .prompt('Where is order 42?')
      .toolContext({ tenantId: 'acme' })
      .call()
      .chatResponse();

    expect(response.text).toBe('Your order #42 has shipped.');
    expect(response.toolExecutions.map(({ toolResponse }) => toolResponse.result)).toEqual([
      'order #42 of acme: shipped',
    ]);
    // What the model received: the tool's definition, then its result; never the context.
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['findOrder']);
    expect(model.requests[1].messages.at(-1)).toEqual({
      role: 'tool',
      responses: [
        {
          id: 'call_1_1',
          name: 'findOrder',
          result: 'order #42 of acme: shipped',
          isError: false,
        },
      ],
    });
    expect(JSON.stringify(model.requests)).not.toContain('tenantId');
  });

  it('lets the model correct its arguments', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'findOrder', arguments: { order: 42 } }] },
      { toolCalls: [{ name: 'findOrder', arguments: { id: 42 } }] },
      'Shipped.',
    ]);
    const chat = ChatClient.create(model, { tools: [new OrderTools()] });

    await chat.prompt('Where is order 42?').toolContext({ tenantId: 'acme' }).call().content();

    expect(model.requests[1].messages.at(-1)).toEqual({
      role: 'tool',
      responses: [
        {
          id: 'call_1_1',
          name: 'findOrder',
          result:
            'Invalid arguments for tool "findOrder": id: is required but missing; order: is not an accepted ' +
            'property (accepted: id). Correct the arguments and call the tool again.',
          isError: true,
        },
      ],
    });
  });

  it('answers from a function of each request', async () => {
    const model = new ScriptedChatModel((prompt) => {
      const last = prompt.messages[prompt.messages.length - 1];
      if (last.role === 'user') {
        const id = Number(/\d+/.exec(last.content)?.[0]);
        return { toolCalls: [{ name: 'findOrder', arguments: { id } }] };
      }
      if (last.role === 'tool') return `The tool says: ${last.responses[0].result}`;
      return undefined; // ends the script: the next request fails with ScriptExhaustedError
    });
    const chat = ChatClient.create(model, { tools: [new OrderTools()], toolContext: { tenantId: 'acme' } });

    await expect(chat.prompt('Where is order 7?').call().content()).resolves.toBe(
      'The tool says: order #7 of acme: shipped',
    );
    await expect(chat.prompt('And order 8?').call().content()).resolves.toBe(
      'The tool says: order #8 of acme: shipped',
    );
  });

  it('streams the same conversation', async () => {
    const model = new ScriptedChatModel(
      [{ toolCalls: [{ name: 'findOrder', arguments: { id: 42 } }] }, 'Your order #42 has shipped.'],
      { chunkSize: 5 },
    );
    const chat = ChatClient.create(model, { tools: [new OrderTools()], toolContext: { tenantId: 'acme' } });

    const pieces: string[] = [];
    for await (const text of chat.prompt('Where is order 42?').stream().content()) pieces.push(text);

    expect(pieces).toEqual(['Your ', 'order', ' #42 ', 'has s', 'hippe', 'd.']);
    expect(model.requests.map((request) => request.streamed)).toEqual([true, true]);
  });

  it('fails clearly when the loop makes more requests than the script has', async () => {
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'findOrder', arguments: { id: 42 } }] }]);
    const chat = ChatClient.create(model, { tools: [new OrderTools()], toolContext: { tenantId: 'acme' } });

    const call = chat.prompt('Where is order 42?').call().content();

    await expect(call).rejects.toThrow(ScriptExhaustedError);
    await expect(call).rejects.toThrow(
      "ScriptedChatModel: request #2 arrived, but the script has only 1 response; the request's last message was " +
        'tool results findOrder: "order #42 of acme: shipped". Add a response to the script, or check why the ' +
        'loop made another request.',
    );
  });
});

// --- A Nest testing module ------------------------------------------------------------------------------------
describe('AssistantController', () => {
  let app: INestApplication;
  const model = new ScriptedChatModel([
    { toolCalls: [{ name: 'findOrder', arguments: { id: 42 } }] },
    'Your order #42 has shipped.',
  ]);

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ToolCallingModule.forRoot({ chatModel: model })],
      controllers: [AssistantController],
      providers: [OrderTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it('answers over HTTP, with the tools the module discovered', async () => {
    await request(app.getHttpServer())
      .post('/assistant')
      .set('x-tenant-id', 'acme')
      .send({ question: 'Where is order 42?' })
      .expect(201, 'Your order #42 has shipped.');
    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['findOrder']);
  });
});

describe('AppModule, with its model replaced', () => {
  it('answers with the scripted model instead of OpenAI', async () => {
    const model = new ScriptedChatModel(['Hello!']);
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(CHAT_MODEL)
      .useValue(model)
      .compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      await request(app.getHttpServer()).post('/assistant').send({ question: 'Hi' }).expect(201, 'Hello!');
    } finally {
      await app.close();
    }
  });
});
