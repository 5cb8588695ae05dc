import {
  Body,
  Controller,
  Headers,
  Inject,
  Injectable,
  Module,
  Post,
  Scope,
  type INestApplication,
} from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { REQUEST } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  ChatClient,
  ChatModelConfigurationError,
  FunctionToolCallback,
  Tool,
  ToolCallingModule,
  ToolContext,
  ToolParam,
  type ChatModel,
  type Prompt,
  type ToolCallbackProvider,
} from 'nestjs-tool-calling';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { jsonFixture, ProviderTestServer } from '../../models/support/provider-test.server';

@Injectable()
class WeatherTools {
  @Tool({ description: 'Current weather in a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string, context: ToolContext): string {
    return `${city}: sunny, 25°C (for ${context.get('tenantId') ?? 'nobody'})`;
  }
}

let instances = 0;
const started: string[] = [];
let releaseBoth: () => void = () => undefined;
const bothStarted = new Promise<void>((resolve) => (releaseBoth = resolve));

@Injectable({ scope: Scope.REQUEST })
class CurrentUserTools {
  private readonly instance = ++instances;

  constructor(@Inject(REQUEST) private readonly req: { headers: Record<string, string> }) {}

  @Tool({ description: 'Who is asking' })
  async whoAmI(): Promise<string> {
    started.push(this.req.headers['x-user']);
    if (started.length === 2) releaseBoth();
    await bothStarted;
    return `${this.req.headers['x-user']}#${this.instance}`;
  }
}

class CountingProvider implements ToolCallbackProvider {
  calls = 0;
  getToolCallbacks() {
    this.calls++;
    return [FunctionToolCallback.from({ name: 'getTime', description: 'Current time', fn: () => '12:00' })];
  }
}

@Controller('ask')
class AskController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  async ask(@Body('question') question: string, @Headers('x-tenant-id') tenantId: string) {
    const response = await this.chat.prompt().user(question).toolContext({ tenantId }).call().chatResponse();
    return { answer: response.text, tools: response.toolExecutions.map((e) => e.toolCall.name) };
  }
}

/** Answers each question by calling the tool it names, then repeating the tool's result. */
function echoToolModel(
  toolFor: (question: string) => { name: string; arguments: Record<string, unknown> },
): ScriptedChatModel {
  return new ScriptedChatModel((prompt: Prompt) => {
    const last = prompt.messages[prompt.messages.length - 1];
    if (last.role === 'user') return { toolCalls: [toolFor(last.content)] };
    if (last.role === 'tool') return `The tool says: ${last.responses.map((r) => r.result).join(' | ')}`;
    return undefined;
  });
}

async function boot(chatModel: ChatModel | undefined, providers: any[] = []): Promise<INestApplication> {
  @Module({
    imports: [ToolCallingModule.forRoot({ chatModel })],
    controllers: [AskController],
    providers: [WeatherTools, ...providers],
  })
  class AppModule {}
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('ToolCallingModule + ChatClient in a Nest app', () => {
  it('runs the weather exchange with discovered tools, the tenant in the context and never sent to the model', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'call_123', name: 'getWeather', arguments: { city: 'Paris' } }] },
      'It is sunny in Paris today, 25°C.',
    ]);
    const app = await boot(model);
    try {
      const response = await request(app.getHttpServer())
        .post('/ask')
        .set('x-tenant-id', 'tenant-42')
        .send({ question: 'What is the weather in Paris?' })
        .expect(201);
      expect(response.body).toEqual({ answer: 'It is sunny in Paris today, 25°C.', tools: ['getWeather'] });
      expect(model.requests).toHaveLength(2);
      expect(model.requests[0].tools.map((t) => t.name)).toEqual(['getWeather']);
      expect(model.requests[1].messages).toEqual([
        { role: 'user', content: 'What is the weather in Paris?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_123', name: 'getWeather', arguments: '{"city":"Paris"}' }],
        },
        {
          role: 'tool',
          responses: [
            {
              id: 'call_123',
              name: 'getWeather',
              result: 'Paris: sunny, 25°C (for tenant-42)',
              isError: false,
            },
          ],
        },
      ]);
      expect(
        JSON.stringify(model.requests.map((r) => ({ ...r, messages: r.messages.slice(0, 2) }))),
      ).not.toContain('tenant-42');
    } finally {
      await app.close();
    }
  });

  it('binds a request-scoped tool to the HTTP request each chat call serves, one instance per request', async () => {
    const model = echoToolModel(() => ({ name: 'whoAmI', arguments: {} }));
    const app = await boot(model, [CurrentUserTools]);
    try {
      const server = app.getHttpServer();
      const [ada, grace] = await Promise.all([
        request(server).post('/ask').set('x-user', 'ada').send({ question: 'who am I?' }),
        request(server).post('/ask').set('x-user', 'grace').send({ question: 'who am I?' }),
      ]);
      expect(started.sort()).toEqual(['ada', 'grace']);
      const adaInstance = /ada#(\d+)/.exec(ada.body.answer)?.[1];
      const graceInstance = /grace#(\d+)/.exec(grace.body.answer)?.[1];
      expect(adaInstance).toBeDefined();
      expect(graceInstance).toBeDefined();
      expect(adaInstance).not.toBe(graceInstance);
    } finally {
      await app.close();
    }
  });

  it('asks a lazy ToolCallbackProvider once per chat call, never at bootstrap', async () => {
    const provider = new CountingProvider();
    const model = echoToolModel(() => ({ name: 'getTime', arguments: {} }));
    const app = await boot(model, [{ provide: 'TIME_TOOLS', useValue: provider }]);
    try {
      expect(provider.calls).toBe(0);
      const first = await request(app.getHttpServer()).post('/ask').send({ question: 'time?' }).expect(201);
      expect(first.body.answer).toBe('The tool says: 12:00');
      await request(app.getHttpServer()).post('/ask').send({ question: 'time?' }).expect(201);
      expect(provider.calls).toBe(2);
      expect(model.requests[0].tools.map((t) => t.name).sort()).toEqual(['getTime', 'getWeather']);
    } finally {
      await app.close();
    }
  });

  it('boots without a chat model and says what to set when a call is made', async () => {
    const app = await boot(undefined);
    try {
      const chat = app.get(ChatClient);
      const error = await chat
        .prompt('hello')
        .call()
        .content()
        .catch((e) => e);
      expect(error).toBeInstanceOf(ChatModelConfigurationError);
      expect(error.message).toMatch(
        /no chat model is configured: give ToolCallingModule\.forRoot\(\{ chatModel \}\)/,
      );
      expect(error.message).toContain('TOOL_CALLING_PROVIDER');
    } finally {
      await app.close();
    }
  });
});

describe.each([
  {
    provider: 'openai',
    folder: 'openai',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-e2e',
      OPENAI_BASE_URL: url + '/v1',
    }),
    replies: ['weather-tool-call.json', 'weather-answer.json'],
    toolNamesIn: (body: any) => body.tools.map((t: any) => t.function.name),
    toolResultIn: (body: any) => body.messages.find((m: any) => m.role === 'tool')?.content,
  },
  {
    provider: 'anthropic',
    folder: 'anthropic',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-ant-e2e',
      ANTHROPIC_BASE_URL: url,
    }),
    replies: ['weather-tool-use.json', 'weather-answer.json'],
    toolNamesIn: (body: any) => body.tools.map((t: any) => t.name),
    toolResultIn: (body: any) =>
      body.messages
        .flatMap((m: any) => (Array.isArray(m.content) ? m.content : []))
        .find((block: any) => block.type === 'tool_result')?.content,
  },
  {
    provider: 'openai-responses',
    folder: 'openai-responses',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'openai-responses',
      OPENAI_API_KEY: 'sk-test-e2e',
      OPENAI_BASE_URL: url + '/v1',
    }),
    replies: ['weather-tool-call.json', 'weather-answer.json'],
    toolNamesIn: (body: any) => body.tools.map((t: any) => t.name),
    toolResultIn: (body: any) => body.input.find((item: any) => item.type === 'function_call_output')?.output,
  },
  {
    provider: 'azure-openai',
    folder: 'openai',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'azure-openai',
      AZURE_OPENAI_ENDPOINT: url,
      AZURE_OPENAI_API_KEY: 'azure-e2e-key',
      OPENAI_API_VERSION: '2024-10-21',
      AZURE_OPENAI_DEPLOYMENT: 'weather-gpt',
    }),
    replies: ['weather-tool-call.json', 'weather-answer.json'],
    toolNamesIn: (body: any) => body.tools.map((t: any) => t.function.name),
    toolResultIn: (body: any) => body.messages.find((m: any) => m.role === 'tool')?.content,
  },
  {
    provider: 'gemini',
    folder: 'gemini',
    env: (url: string) => ({
      TOOL_CALLING_PROVIDER: 'gemini',
      GEMINI_API_KEY: 'gemini-e2e-key',
      GEMINI_BASE_URL: url,
    }),
    replies: ['weather-tool-call.json', 'weather-answer.json'],
    toolNamesIn: (body: any) => body.tools[0].functionDeclarations.map((t: any) => t.name),
    toolResultIn: (body: any) =>
      body.contents.flatMap((c: any) => c.parts).find((part: any) => part.functionResponse)?.functionResponse
        .response.output,
  },
] as const)(
  'the $provider adapter in a Nest app configured from the environment',
  ({ folder, env, replies, toolNamesIn, toolResultIn }) => {
    const saved = { ...process.env };
    let server: ProviderTestServer;

    beforeEach(async () => {
      server = await ProviderTestServer.start(
        ...replies.map((name) => ({ json: jsonFixture(folder, name) })),
      );
      for (const key of Object.keys(process.env))
        if (/^(OPENAI|ANTHROPIC|AZURE_OPENAI|GEMINI|GOOGLE|TOOL_CALLING)_/.test(key)) delete process.env[key];
      Object.assign(process.env, env(server.url()));
    });

    afterEach(async () => {
      process.env = saved;
      await server.close();
    });

    it('completes the weather exchange: question → tool call → tool result → answer', async () => {
      @Module({
        imports: [
          ConfigModule.forRoot({ ignoreEnvFile: true }),
          ToolCallingModule.forRootAsync({
            imports: [ConfigModule.forFeature(toolCallingConfig)],
            inject: [toolCallingConfig.KEY],
            useFactory: (config: ToolCallingConfig) => config,
          }),
        ],
        controllers: [AskController],
        providers: [WeatherTools],
      })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      await app.init();
      try {
        const response = await request(app.getHttpServer())
          .post('/ask')
          .set('x-tenant-id', 'acme')
          .send({ question: 'What is the weather in Paris?' })
          .expect(201);
        expect(response.body.tools).toEqual(['getWeather']);
        expect(response.body.answer.length).toBeGreaterThan(0);
        expect(server.requests).toHaveLength(2);
        expect(toolNamesIn(server.body(0))).toEqual(['getWeather']);
        expect(JSON.stringify(toolResultIn(server.body(1)))).toContain('Paris: sunny, 25°C (for acme)');
        expect(JSON.stringify(server.body(0))).not.toContain('acme');
      } finally {
        await app.close();
      }
    });
  },
);

describe('attaching a discovered provider again with .tools()', () => {
  it('reuses the discovered callbacks instead of clashing with them', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'getWeather', arguments: { city: 'Oslo' } }] },
      'Cold.',
    ]);
    const app = await boot(model);
    try {
      const chat = app.get(ChatClient);
      const text = await chat.prompt('Weather in Oslo?').tools(app.get(WeatherTools)).call().content();
      expect(text).toBe('Cold.');
      expect(model.requests[0].tools.map((t) => t.name)).toEqual(['getWeather']);
    } finally {
      await app.close();
    }
  });
});
