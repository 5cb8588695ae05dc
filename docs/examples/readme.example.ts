// Compiled by `npm run typecheck`: the samples of the README come from this file, and a test runs them.
import { Body, Controller, Headers, Module, Post } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { z } from 'zod';
import { ChatClient, FunctionToolCallback, ToolCallingModule } from 'nestjs-tool-calling';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';
import { Injectable } from '@nestjs/common';
import { Tool, ToolContext, ToolParam } from 'nestjs-tool-calling';

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather of a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string, context: ToolContext): string {
    return `${city}: sunny, 25°C (asked for tenant ${context.get('tenantId') ?? 'unknown'})`;
  }
}

@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string, @Headers('x-tenant-id') tenantId: string): Promise<string> {
    return this.chat.prompt().user(question).toolContext({ tenantId }).call().content();
  }
}

@Module({
  imports: [
    ConfigModule.forRoot(),
    ToolCallingModule.forRootAsync({
      imports: [ConfigModule.forFeature(toolCallingConfig)],
      inject: [toolCallingConfig.KEY],
      useFactory: (config: ToolCallingConfig) => config, // chatModel + limits from the environment
    }),
  ],
  controllers: [ChatController],
  providers: [WeatherTools],
})
export class AppModule {}

export const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Current time in a time zone',
  input: z.object({ zone: z.string() }),
  fn: ({ zone }) => new Date().toLocaleString('en-GB', { timeZone: zone }),
});
