import { Module, ValidationPipe, type DynamicModule } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { ConfigModule } from '@nestjs/config';
import { ToolCallingModule, type McpServerConfig } from 'nestjs-tool-calling';
import { McpServerModule } from 'nestjs-tool-calling/mcp';
import { DurableRunsModule } from 'nestjs-tool-calling/runs';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';
import { AuthModule } from './auth/auth.module';
import { callerIdOf } from './chat/caller';
import { ChatController } from './chat/chat.controller';
import { UIChatController } from './chat/ui-chat.controller';
import { AuthGuard, type AuthenticatedRequest } from './auth/auth.guard';
import { supportContextOf } from './auth/support-context';
import { knowledgeBaseServer } from './knowledge-base/knowledge-base.config';
import { TICKETS_DB_PATH, TicketRepository } from './tickets/ticket.repository';
import { TicketTools } from './tickets/ticket.tools';
import { CurrentUserTools } from './users/current-user.tools';
import { ChatRuns, CHAT_RUNS_REDIS_URL } from './runs/chat-runs';
import type { DurableRunsSettings } from './runs/durable-runs.settings';
import { runCaller } from './runs/run-caller';
import { TelemetryShutdown } from './telemetry.shutdown';
import { WeatherTools } from './weather/weather.tools';

export interface AppOptions {
  /** Where the tickets live; `:memory:` for tests. */
  databasePath: string;
  /**
   * The MCP servers whose tools the model is offered when `TOOL_CALLING_MCP_SERVERS` is not set; default: the
   * knowledge base server of this sample, in a child process.
   */
  mcpServers?: Record<string, McpServerConfig>;
  /**
   * Durable runs (`durableRunsSettings()`: when `REDIS_URL` is set): chats run as BullMQ jobs that outlive this
   * process, on this process's worker (unless `RUN_WORKER=false`) or on `npm run worker`'s. Absent: every run lives
   * in the request that started it.
   */
  durableRuns?: DurableRunsSettings;
}

/** Words users of a support desk say for the words of its tool names, for the offline model. */
const OFFLINE_SYNONYMS = { forecast: 'weather', temperature: 'weather', csv: 'export', file: 'create' };

export const SYSTEM_PROMPT =
  'You are the support desk assistant of a small IT team. Use the tools to look up, open and close tickets and to ' +
  'check the weather, and search the knowledge base for how-to answers; never invent ticket numbers. Answer briefly.';

@Module({})
export class AppModule {
  static register(options: AppOptions): DynamicModule {
    const runs = options.durableRuns;
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ ignoreEnvFile: true }),
        AuthModule,
        ToolCallingModule.forRootAsync({
          imports: [ConfigModule.forFeature(toolCallingConfig)],
          inject: [toolCallingConfig.KEY],
          // With no provider configured in the environment, the library's offline model answers (not a language model:
          // it picks tools by the question's words; refused when NODE_ENV is production).
          // With REDIS_URL set, chat memory and pending approvals live in Redis (several replicas).
          useFactory: (config: ToolCallingConfig) => ({
            ...config,
            chatModel: config.chatModel ?? { provider: 'offline', synonyms: OFFLINE_SYNONYMS },
            defaults: { system: SYSTEM_PROMPT },
            approvals: { ...config.approvals, callerId: callerIdOf },
            // Never started at bootstrap: the knowledge base process starts when a chat first needs the tools.
            mcp: config.mcp ?? { servers: options.mcpServers ?? { kb: knowledgeBaseServer() } },
          }),
        }),
        // This app's own tools, for MCP clients (an IDE, the MCP Inspector) at /mcp, as the request's caller.
        // Behind the same bearer token as /chat: the signed-in user is the caller, and their tenant reaches the tools.
        McpServerModule.forRoot({
          path: 'mcp',
          imports: [AuthModule],
          guards: [AuthGuard],
          toolContext: (request: AuthenticatedRequest) => supportContextOf(request.user!),
          // 2025-era clients get a session: closeTicket asks them for approval through elicitation.
          sessions: true,
        }),
        // The same tools, guards and chat memory for runs submitted as jobs: the caller travels as data (`runCaller`).
        ...(runs
          ? [
              DurableRunsModule.forRoot({
                connection: runs.redisUrl,
                worker: runs.worker,
                concurrency: runs.concurrency,
                ...(runs.lockDurationMs !== undefined && { lockDurationMs: runs.lockDurationMs }),
                caller: runCaller,
              }),
            ]
          : []),
      ],
      controllers: [ChatController, UIChatController],
      providers: [
        { provide: TICKETS_DB_PATH, useValue: options.databasePath },
        { provide: APP_PIPE, useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }) },
        TicketRepository,
        TicketTools,
        WeatherTools,
        CurrentUserTools,
        TelemetryShutdown,
        ...(runs ? [{ provide: CHAT_RUNS_REDIS_URL, useValue: runs.redisUrl }, ChatRuns] : []),
      ],
    };
  }
}
