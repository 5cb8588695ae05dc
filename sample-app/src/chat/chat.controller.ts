import {
  Body,
  Controller,
  Get,
  Inject,
  MessageEvent,
  Param,
  Post,
  Query,
  Sse,
  UseFilters,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { catchError, Observable, of, startWith } from 'rxjs';
import { CHAT_MODEL, ChatClient, type ChatModel } from 'nestjs-tool-calling';
import { ApprovalErrorsFilter } from './approval-errors.filter';
import { AskDto } from './ask.dto';
import { toChatAnswer, type ChatAnswer } from './chat-answer';
import { DecideDto } from './decide.dto';
import { Tenant, type TenantId } from './tenant.decorator';

export type { ChatAnswer } from './chat-answer';

@Controller('chat')
@UseFilters(ApprovalErrorsFilter)
export class ChatController {
  constructor(
    private readonly chat: ChatClient,
    @Inject(CHAT_MODEL) private readonly chatModel: ChatModel,
  ) {}

  /**
   * Asks a question in a conversation (a new one without `conversationId`); answers with the text, every tool call
   * made on the way, and the calls waiting for approval.
   */
  @Post()
  async ask(@Body() { question, conversationId }: AskDto, @Tenant() tenantId: TenantId): Promise<ChatAnswer> {
    const response = await this.chat
      .prompt()
      .user(question)
      .conversationId(conversationId ?? randomUUID())
      .toolContext({ tenantId })
      .call()
      .chatResponse();
    return toChatAnswer(response);
  }

  /** Approves or denies a pending call, and goes on with its conversation (on whichever replica serves this). */
  @Post('approvals/:id')
  async decide(
    @Param('id') id: string,
    @Body() decision: DecideDto,
    @Tenant() tenantId: TenantId,
  ): Promise<ChatAnswer> {
    const response = await this.chat.prompt().toolContext({ tenantId }).resume(id, decision).chatResponse();
    return toChatAnswer(response);
  }

  /**
   * The same as server-sent events: first the conversation id, then text deltas, tool calls and results as they
   * happen, `approval-required` when a call waits for a decision, then `finished`.
   */
  @Sse('stream')
  stream(
    @Query() { question, conversationId }: AskDto,
    @Tenant() tenantId: TenantId,
  ): Observable<MessageEvent> {
    const id = conversationId ?? randomUUID();
    return this.chat
      .prompt()
      .user(question)
      .conversationId(id)
      .toolContext({ tenantId })
      .stream()
      .sse()
      .pipe(
        startWith({ data: { type: 'conversation', conversationId: id } }),
        catchError((error: Error) => of({ data: { type: 'error', message: error.message } })),
      );
  }

  /** Which model answers (the chat page shows it). */
  @Get('model')
  model(): { model: string } {
    const name = this.chatModel.constructor.name;
    return { model: name === 'OfflineChatModel' ? 'offline demo model (no network)' : name };
  }
}
