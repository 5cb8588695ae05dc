import { Injectable, Module } from '@nestjs/common';
import { z } from 'zod';
import {
  FunctionToolCallback,
  Tool,
  ToolCallingModule,
  ToolContext,
  ToolParam,
  type ChatModel,
  type ChatModelCallOptions,
  type ChatResponse,
  type ChatResponseChunk,
  type Prompt,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ChatScript } from 'nestjs-tool-calling/testing';

/** A provider whose @Tool the module discovers; it checks that each call carries its own conversation's context. */
@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather of a city' })
  getWeather(
    @ToolParam({ description: 'City name' }) city: string,
    @ToolParam({ description: 'Conversation number' }) conversation: number,
    context: ToolContext,
  ): string {
    const tenant = context.get('tenant');
    return tenant === `tenant-${conversation}` ? `${city}: sunny, 25°C` : `wrong context ${String(tenant)}`;
  }
}

export const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Current time in a time zone',
  input: z.object({ zone: z.string() }),
  fn: ({ zone }) => `12:00 in ${zone}`,
});

/**
 * The module's model: a ScriptedChatModel replaced by a fresh one for every batch of conversations, because a
 * ScriptedChatModel records every request it receives (which would look like a leak over 100,000 conversations).
 */
export class RotatingChatModel implements ChatModel {
  private current: ScriptedChatModel;

  constructor(private readonly script: ChatScript) {
    this.current = new ScriptedChatModel(script);
  }

  /** Starts a new ScriptedChatModel and returns the one it replaces, with its recorded requests. */
  rotate(): ScriptedChatModel {
    const previous = this.current;
    this.current = new ScriptedChatModel(this.script);
    return previous;
  }

  call(prompt: Prompt, options?: ChatModelCallOptions): Promise<ChatResponse> {
    return this.current.call(prompt, options);
  }

  stream(prompt: Prompt, options?: ChatModelCallOptions): AsyncIterable<ChatResponseChunk> {
    return this.current.stream(prompt, options);
  }
}

export function soakModule(chatModel: ChatModel) {
  @Module({
    imports: [ToolCallingModule.forRoot({ chatModel, toolCallbacks: [getTime] })],
    providers: [WeatherTools],
  })
  class SoakModule {}
  return SoakModule;
}
