// Compiled by `npm run typecheck`: every sample in docs/mcp.md comes from this file, and
// test/docs/mcp.example.spec.ts runs it (an SDK client against the served tools, the client against an SDK server).
import {
  Injectable,
  Module,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ChatClient, Tool, ToolCallingModule, ToolContext, ToolParam } from 'nestjs-tool-calling';
import {
  McpServerModule,
  McpToolCallbackProvider,
  McpToolServer,
  serveToolsOverStdio,
  StderrLogger,
} from 'nestjs-tool-calling/mcp';

// --- The tools of this page -----------------------------------------------------------------------------------
@Injectable()
export class TicketTools {
  @Tool({ description: 'The open tickets of the caller’s tenant' })
  listTickets(context: ToolContext<{ tenantId: string }>): string {
    return `open tickets of ${context.require('tenantId')}: #1, #2`;
  }

  @Tool({ description: 'Closes a ticket' })
  closeTicket(@ToolParam({ description: 'Ticket number' }) id: number): string {
    return `closed #${id}`;
  }
}

export interface User {
  /** What approvals use to tell callers apart (their default `callerId` reads `request.user.id`). */
  readonly id: string;
  readonly name: string;
  readonly tenantId: string;
}

/** Stands for your authentication (a JWT guard): puts the user on the request, or refuses it. */
@Injectable()
export class AuthGuard implements CanActivate {
  static readonly users: Record<string, User> = {
    'demo-token': { id: 'u-ada', name: 'ada', tenantId: 'acme' },
  };

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string>; user?: User }>();
    const user = AuthGuard.users[request.headers.authorization?.replace(/^Bearer /, '') ?? ''];
    if (!user) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}

// --- … or attached per request ---------------------------------------------------------------------------------
@Injectable()
export class ResearchService {
  constructor(
    private readonly chat: ChatClient,
    private readonly mcpTools: McpToolCallbackProvider,
  ) {}

  ask(question: string, tenantId: string): Promise<string> {
    return this.chat.prompt(question).toolCallbacks(this.mcpTools).toolContext({ tenantId }).call().content();
  }
}

// --- Tools of MCP servers, offered to the model ----------------------------------------------------------------
export const knowledgeBaseScript = process.env.KB_SERVER ?? 'kb-server.js';

@Module({
  imports: [
    ToolCallingModule.forRoot({
      mcp: {
        servers: {
          kb: { command: 'node', args: [knowledgeBaseScript] },
          tickets: {
            url: process.env.TICKETS_MCP_URL ?? 'https://tickets.example.com/mcp',
            headers: { authorization: `Bearer ${process.env.TICKETS_MCP_TOKEN}` },
          },
        },
        forwardContext: ['tenantId'],
      },
    }),
  ],
})
export class AssistantModule {}

// --- This app's tools, served over MCP -------------------------------------------------------------------------
@Module({
  imports: [
    ToolCallingModule.forRoot(),
    McpServerModule.forRoot({
      path: 'mcp',
      guards: [AuthGuard],
      toolContext: (request: { user: User }) => ({ tenantId: request.user.tenantId }),
    }),
  ],
  providers: [TicketTools, AuthGuard],
})
export class DeskModule {}

// --- The tool list changed -------------------------------------------------------------------------------------
@Injectable()
export class FeatureFlags {
  constructor(private readonly mcpServer: McpToolServer) {}

  async enableBeta(): Promise<void> {
    // … change what the `tools` option of McpServerModule lets through, then tell the connected clients:
    await this.mcpServer.notifyToolListChanged();
  }
}

// --- Over stdio ------------------------------------------------------------------------------------------------
export async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(DeskModule, { logger: new StderrLogger() });
  await serveToolsOverStdio(app, {
    caller: { user: { name: 'ide-user', tenantId: 'acme' } },
    serverInfo: { name: 'support-desk', version: '1.0.0' },
    toolContext: (caller: { user: User }) => ({ tenantId: caller.user.tenantId }),
  });
}
