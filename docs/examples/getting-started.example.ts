// Compiled by `npm run typecheck`: every sample in docs/getting-started.md comes from this file, and
// test/docs/getting-started.example.spec.ts runs it against a loopback OpenAI-compatible server.
import { Body, Controller, Injectable, Module, Post } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ChatClient, Tool, ToolCallingModule, ToolContext, ToolParam } from 'nestjs-tool-calling';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';

// --- A first tool ---------------------------------------------------------------------------------------------
@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city. Use it for any question about the weather.' })
  getWeather(
    @ToolParam({ description: 'City name, e.g. Paris' }) city: string,
    context: ToolContext,
  ): string {
    const unit = context.get('unit') === 'F' ? '77°F' : '25°C';
    return `${city}: sunny, ${unit}`;
  }
}

// --- The controller -------------------------------------------------------------------------------------------
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string): Promise<string> {
    return this.chat.prompt(question).toolContext({ unit: 'C' }).call().content();
  }
}

// --- The module: a model given directly ----------------------------------------------------------------------
@Module({
  imports: [ToolCallingModule.forRoot({ chatModel: { provider: 'openai', model: 'gpt-4o-mini' } })],
  controllers: [ChatController],
  providers: [WeatherTools],
})
export class AppModule {}

// --- The module: the model from the environment, through @nestjs/config -----------------------------------------
@Module({
  imports: [
    ConfigModule.forRoot(),
    ToolCallingModule.forRootAsync({
      imports: [ConfigModule.forFeature(toolCallingConfig)],
      inject: [toolCallingConfig.KEY],
      useFactory: (config: ToolCallingConfig) => ({
        ...config, // chatModel and limits, read from the environment
        defaults: { system: 'You are a weather assistant. Answer in one sentence.' },
      }),
    }),
  ],
  controllers: [ChatController],
  providers: [WeatherTools],
})
export class ConfiguredAppModule {}
