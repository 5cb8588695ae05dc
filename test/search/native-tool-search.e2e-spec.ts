import {
  Body,
  Controller,
  Injectable,
  Post,
  Req,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import request from 'supertest';
import {
  ChatClient,
  Tool,
  ToolCallingModule,
  ToolExecutionContext,
  ToolParam,
  ToolSearchAdvisor,
} from 'nestjs-tool-calling';
import { AnthropicChatModel } from 'nestjs-tool-calling/anthropic';
import { startApp } from '../e2e/module/fixtures/start-app';
import { ANTHROPIC_TEST_KEY } from '../models/support/chat-test.helpers';
import { ProviderTestServer } from '../models/support/provider-test.server';

interface Caller {
  user?: { roles: string[] };
  headers: Record<string, string | undefined>;
}

const ROLES = 'native-search-test:roles';
const Roles = (...roles: string[]) => SetMetadata(ROLES, roles);

@Injectable()
class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}
  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.get<string[] | undefined>(ROLES, context.getHandler()) ?? [];
    const caller = ToolExecutionContext.create(context).getRequest<Caller | undefined>();
    return roles.some((role) => caller?.user?.roles.includes(role) === true);
  }
}

@Injectable()
class AccountTools {
  @Tool({ description: 'Who the signed-in user is', deferred: false })
  whoAmI(): string {
    return 'an agent';
  }

  @Tool({ description: 'Close a customer account for good and delete its data' })
  @UseGuards(RolesGuard)
  @Roles('admin')
  closeAccount(@ToolParam({ name: 'accountId' }) accountId: string): string {
    return `closed ${accountId}`;
  }

  @Tool({ description: 'Freeze a customer account for a while (it can be reopened)' })
  suspendAccount(@ToolParam({ name: 'accountId' }) accountId: string): string {
    return `suspended ${accountId}`;
  }
}

@Controller('chat')
class ChatController {
  private readonly toolSearch = new ToolSearchAdvisor({ native: true });

  constructor(private readonly chat: ChatClient) {}

  @Post()
  async chatOnce(@Req() req: Caller, @Body() body: { message: string }): Promise<string> {
    req.user = { roles: req.headers['x-user'] === 'alice' ? ['admin'] : ['agent'] };
    return this.chat.prompt().user(body.message).advisors(this.toolSearch).call().content();
  }
}

/** Anthropic's answer after its tool search found suspendAccount: the search's blocks, then the call. */
const SEARCHED_AND_CALLED = {
  id: 'msg_search',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [
    {
      type: 'server_tool_use',
      id: 'srvtoolu_1',
      name: 'tool_search_tool_bm25',
      input: { query: 'freeze account' },
      caller: { type: 'direct' },
    },
    {
      type: 'tool_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: {
        type: 'tool_search_tool_search_result',
        tool_references: [{ type: 'tool_reference', tool_name: 'suspendAccount' }],
      },
    },
    { type: 'text', text: 'I found a tool to freeze it.' },
    {
      type: 'tool_use',
      id: 'toolu_1',
      name: 'suspendAccount',
      input: { accountId: '7' },
      caller: { type: 'direct' },
    },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  usage: { input_tokens: 50, output_tokens: 20 },
};

const DONE = {
  id: 'msg_done',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [{ type: 'text', text: 'Account 7 is frozen.' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 80, output_tokens: 8 },
};

describe("Native tool search (Anthropic's tool search tool) through a Nest app with a guard", () => {
  let app: INestApplication;
  let server: ProviderTestServer;

  beforeAll(async () => {
    // The replies of both tests, in order.
    server = await ProviderTestServer.start({ json: SEARCHED_AND_CALLED }, { json: DONE }, { json: DONE });
    const chatModel = new AnthropicChatModel({
      model: 'claude-sonnet-5-5',
      apiKey: ANTHROPIC_TEST_KEY,
      baseURL: server.url(),
      maxRetries: 0,
    });
    app = await startApp({
      module: class NativeSearchAppModule {},
      imports: [ToolCallingModule.forRoot({ chatModel })],
      controllers: [ChatController],
      providers: [AccountTools],
    });
  });

  afterAll(async () => {
    await app.close();
    await server.close();
  });

  async function chatAs(user: string, message: string): Promise<string> {
    const response = await request(app.getHttpServer())
      .post('/chat')
      .set('x-user', user)
      .send({ message })
      .expect(201);
    return response.text;
  }

  it("sends bob's visible tools deferred with the tool search tool, runs the tool it found, sends its blocks back", async () => {
    const before = server.requests.length;

    expect(await chatAs('bob', 'Freeze account 7')).toBe('Account 7 is frozen.');

    const [first, second] = server.requests.slice(before).map((r) => r.body);
    expect(first.tools).toEqual([
      { name: 'whoAmI', description: 'Who the signed-in user is', input_schema: expect.any(Object) },
      {
        name: 'suspendAccount',
        description: 'Freeze a customer account for a while (it can be reopened)',
        input_schema: expect.any(Object),
        defer_loading: true,
      },
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ]);
    expect(JSON.stringify(first)).not.toContain('closeAccount');
    expect(second.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Freeze account 7' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'server_tool_use',
            id: 'srvtoolu_1',
            name: 'tool_search_tool_bm25',
            input: { query: 'freeze account' },
          },
          {
            type: 'tool_search_tool_result',
            tool_use_id: 'srvtoolu_1',
            content: {
              type: 'tool_search_tool_search_result',
              tool_references: [{ type: 'tool_reference', tool_name: 'suspendAccount' }],
            },
          },
          { type: 'text', text: 'I found a tool to freeze it.' },
          { type: 'tool_use', id: 'toolu_1', name: 'suspendAccount', input: { accountId: '7' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'suspended 7' }],
      },
    ]);
    expect(second.tools).toEqual(first.tools);
  });

  it('sends alice, an admin, the guarded tool too, deferred like the others', async () => {
    const before = server.requests.length;

    await chatAs('alice', 'Close account 7');

    const tools = (server.requests[before].body.tools as { name: string; defer_loading?: boolean }[]).map(
      (tool) => `${tool.name}${tool.defer_loading ? ' (deferred)' : ''}`,
    );
    expect(tools).toEqual([
      'whoAmI',
      'closeAccount (deferred)',
      'suspendAccount (deferred)',
      'tool_search_tool_bm25',
    ]);
  });
});
