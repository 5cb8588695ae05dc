import {
  Body,
  Controller,
  Get,
  Inject,
  MessageEvent,
  Post,
  Query,
  Req,
  Sse,
  UseGuards,
} from '@nestjs/common';
import { catchError, Observable, of } from 'rxjs';
import {
  CHAT_MODEL,
  ChatClient,
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

/** What the tools get from the signed-in user: never from a header, never from the model. */
function supportContext(user: AuthUser): SupportContextValues {
  return { tenantId: user.tenant, user: user.username };
}

export interface ChatAnswer {
  answer: string;
  toolCalls: { name: string; arguments: unknown; result: string; isError: boolean }[];
  rounds: number;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
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

  /** Asks a question; answers with the text and every tool call made on the way. */
  @Post()
  async ask(@Body() { question }: AskDto, @CurrentUser() user: AuthUser): Promise<ChatAnswer> {
    const response = await this.chat
      .prompt()
      .user(question)
      .toolContext(supportContext(user))
      .call()
      .chatResponse();
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
  stream(@Query() { question }: AskDto, @CurrentUser() user: AuthUser): Observable<MessageEvent> {
    return this.chat
      .prompt()
      .user(question)
      .toolContext(supportContext(user))
      .stream()
      .sse()
      .pipe(catchError((error: Error) => of({ data: { type: 'error', message: error.message } })));
  }

  /** The tools the model is offered for the signed-in user: a tool whose guards deny the user is not. */
  @Get('tools')
  async tools(@Req() request: AuthenticatedRequest): Promise<{ tools: string[] }> {
    const all = new Map(
      this.registry.getToolCallbacks().map((tool) => [tool.getToolDefinition().name, tool]),
    );
    const context = ToolContext.empty().withExecution({ request, conversation: {} });
    return { tools: [...(await this.manager.visibleToolCallbacks(all, context)).keys()] };
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
