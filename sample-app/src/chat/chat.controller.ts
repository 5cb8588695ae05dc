import {
  Body,
  Controller,
  Get,
  Inject,
  MessageEvent,
  Param,
  Post,
  Query,
  Req,
  Sse,
  UseGuards,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { catchError, Observable, of, startWith } from 'rxjs';
import {
  CHAT_MODEL,
  ChatClient,
  OfflineChatModel,
  ToolCallbackRegistry,
  ToolCallingManager,
  ToolContext,
  type ChatModel,
} from 'nestjs-tool-calling';
import { AuthGuard, type AuthenticatedRequest } from '../auth/auth.guard';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/demo-users';
import type { SupportContextValues } from '../tickets/ticket.tools';
import { AskDto } from './ask.dto';
import { toChatAnswer, type ChatAnswer } from './chat-answer';
import { DecideDto } from './decide.dto';

export type { ChatAnswer } from './chat-answer';

/** What the tools get from the signed-in user: never from a header, never from the model. */
function supportContext(user: AuthUser): SupportContextValues {
  return { tenantId: user.tenant, user: user.username };
}

@Controller('chat')
@UseGuards(AuthGuard)
export class ChatController {
  constructor(
    private readonly chat: ChatClient,
    @Inject(CHAT_MODEL) private readonly chatModel: ChatModel,
    private readonly registry: ToolCallbackRegistry,
    private readonly manager: ToolCallingManager,
  ) {}

  /**
   * Asks a question in a conversation (a new one without `conversationId`); answers with the text, every tool call
   * made on the way, and the calls waiting for approval.
   */
  @Post()
  async ask(
    @Body() { question, conversationId }: AskDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ChatAnswer> {
    const response = await this.chat
      .prompt()
      .user(question)
      .conversationId(conversationId ?? randomUUID())
      .toolContext(supportContext(user))
      .call()
      .chatResponse();
    return toChatAnswer(response);
  }

  /**
   * Approves or denies a pending call, and goes on with its conversation (on whichever replica serves this). Only
   * the user who asked may decide.
   */
  @Post('approvals/:id')
  async decide(
    @Param('id') id: string,
    @Body() decision: DecideDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ChatAnswer> {
    const response = await this.chat
      .prompt()
      .toolContext(supportContext(user))
      .resume(id, decision)
      .chatResponse();
    return toChatAnswer(response);
  }

  /**
   * The same as server-sent events: first the conversation id, then text deltas, tool calls and results as they
   * happen, `approval-required` when a call waits for a decision, then `finished`.
   */
  @Sse('stream')
  stream(
    @Query() { question, conversationId }: AskDto,
    @CurrentUser() user: AuthUser,
  ): Observable<MessageEvent> {
    const id = conversationId ?? randomUUID();
    return this.chat
      .prompt()
      .user(question)
      .conversationId(id)
      .toolContext(supportContext(user))
      .stream()
      .sse()
      .pipe(
        startWith({ data: { type: 'conversation', conversationId: id } }),
        catchError((error: Error) => of({ data: { type: 'error', message: error.message } })),
      );
  }

  /** The tools the model is offered for the signed-in user: a tool whose guards deny the user is not. */
  @Get('tools')
  async tools(@Req() request: AuthenticatedRequest): Promise<{ tools: string[] }> {
    const all = new Map(
      this.registry.getToolCallbacks().map((tool) => [tool.getToolDefinition().name, tool]),
    );
    const context = ToolContext.empty().forRequest(request);
    return { tools: [...(await this.manager.visibleToolCallbacks(all, context)).keys()] };
  }

  /** Which model answers (the chat page shows it). */
  @Get('model')
  model(): { model: string } {
    if (this.chatModel instanceof OfflineChatModel) return { model: 'offline demo model (no network)' };
    return { model: this.chatModel.constructor.name };
  }
}
