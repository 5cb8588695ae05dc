import { Module, ValidationPipe, type DynamicModule } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { ConfigModule } from '@nestjs/config';
import { ToolCallingModule, toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling';
import { AuthModule } from './auth/auth.module';
import { callerIdOf } from './chat/caller';
import { ChatController } from './chat/chat.controller';
import { OfflineChatModel } from './offline/offline-chat-model';
import { TICKETS_DB_PATH, TicketRepository } from './tickets/ticket.repository';
import { TicketTools } from './tickets/ticket.tools';
import { CurrentUserTools } from './users/current-user.tools';
import { TelemetryShutdown } from './telemetry.shutdown';
import { WeatherTools } from './weather/weather.tools';

export interface AppOptions {
  /** Where the tickets live; `:memory:` for tests. */
  databasePath: string;
}

export const SYSTEM_PROMPT =
  'You are the support desk assistant of a small IT team. Use the tools to look up, open and close tickets and to ' +
  'check the weather; never invent ticket numbers. Answer briefly.';

@Module({})
export class AppModule {
  static register(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ ignoreEnvFile: true }),
        AuthModule,
        ToolCallingModule.forRootAsync({
          imports: [ConfigModule.forFeature(toolCallingConfig)],
          inject: [toolCallingConfig.KEY],
          // With no provider configured in the environment, the offline demo model answers.
          // With REDIS_URL set, chat memory and pending approvals live in Redis (several replicas).
          useFactory: (config: ToolCallingConfig) => ({
            ...config,
            chatModel: config.chatModel ?? new OfflineChatModel(),
            defaults: { system: SYSTEM_PROMPT },
            approvals: { ...config.approvals, callerId: callerIdOf },
          }),
        }),
      ],
      controllers: [ChatController],
      providers: [
        { provide: TICKETS_DB_PATH, useValue: options.databasePath },
        { provide: APP_PIPE, useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }) },
        TicketRepository,
        TicketTools,
        WeatherTools,
        CurrentUserTools,
        TelemetryShutdown,
      ],
    };
  }
}
