import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ToolCallingModule } from 'nestjs-tool-calling';
import { toolCallingConfig, type ToolCallingConfig } from 'nestjs-tool-calling/config';
import { AppController } from './app.controller';
import { AppService } from './app.service';
import { ChatController } from './chat.controller';
import { WeatherTools } from './weather.tools';

@Module({
  imports: [
    ConfigModule.forRoot(),
    ToolCallingModule.forRootAsync({
      imports: [ConfigModule.forFeature(toolCallingConfig)],
      inject: [toolCallingConfig.KEY],
      useFactory: (config: ToolCallingConfig) => config, // the model and the limits, from the environment
    }),
  ],
  controllers: [AppController, ChatController],
  providers: [AppService, WeatherTools],
})
export class AppModule {}
