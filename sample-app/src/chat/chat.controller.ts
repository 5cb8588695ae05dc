import { Body, Controller, Get, Inject, MessageEvent, Post, Query, Sse } from '@nestjs/common';
import { catchError, Observable, of } from 'rxjs';
import { CHAT_MODEL, ChatClient, type ChatModel } from 'nestjs-tool-calling';
import { AskDto } from './ask.dto';
import { Tenant, type TenantId } from './tenant.decorator';

export interface ChatAnswer {
  answer: string;
  toolCalls: { name: string; arguments: unknown; result: string; isError: boolean }[];
  rounds: number;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
}

@Controller('chat')
export class ChatController {
  constructor(
    private readonly chat: ChatClient,
    @Inject(CHAT_MODEL) private readonly chatModel: ChatModel,
  ) {}

  /** Asks a question; answers with the text and every tool call made on the way. */
  @Post()
  async ask(@Body() { question }: AskDto, @Tenant() tenantId: TenantId): Promise<ChatAnswer> {
    const response = await this.chat.prompt().user(question).toolContext({ tenantId }).call().chatResponse();
    return {
      answer: response.text,
      toolCalls: response.toolExecutions.map(({ toolCall, toolResponse }) => ({
        name: toolCall.name,
        arguments: parseOrKeep(toolCall.arguments),
        result: toolResponse.result,
        isError: toolResponse.isError,
      })),
      rounds: response.rounds,
      usage: response.usage,
    };
  }

  /** The same, as server-sent events: text deltas, tool calls and results as they happen, then `finished`. */
  @Sse('stream')
  stream(@Query() { question }: AskDto, @Tenant() tenantId: TenantId): Observable<MessageEvent> {
    return this.chat
      .prompt()
      .user(question)
      .toolContext({ tenantId })
      .stream()
      .sse()
      .pipe(catchError((error: Error) => of({ data: { type: 'error', message: error.message } })));
  }

  /** Which model answers (the chat page shows it). */
  @Get('model')
  model(): { model: string } {
    const name = this.chatModel.constructor.name;
    return { model: name === 'OfflineChatModel' ? 'offline demo model (no network)' : name };
  }
}

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
