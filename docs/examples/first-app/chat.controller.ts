import { Body, Controller, Post } from '@nestjs/common';
import { ChatClient } from 'nestjs-tool-calling';

@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string): Promise<string> {
    return this.chat.prompt(question).toolContext({ unit: 'C' }).call().content();
  }
}
