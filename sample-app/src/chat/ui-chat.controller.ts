import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { Readable } from 'node:stream';
import { ChatClient, ResumableStreams } from 'nestjs-tool-calling';
import { streamAgUiRun, type AgUiStreamResponse } from 'nestjs-tool-calling/ag-ui';
import { streamUIChat, UI_MESSAGE_STREAM_HEADERS } from 'nestjs-tool-calling/ai-sdk';
import { AuthGuard, type AuthenticatedRequest } from '../auth/auth.guard';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/demo-users';
import { supportContextOf } from '../auth/support-context';

interface HeaderResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
}

/**
 * The chat for the AI SDK's `useChat` (and assistant-ui on it), at the paths its `DefaultChatTransport` uses:
 * `POST /api/chat` answers with the UI message stream, recorded so that `GET /api/chat/:id/stream` (the resume
 * request, after a reload or a dropped connection, on any replica) replays it and follows it to its end;
 * `POST /api/chat/:id/stop` stops the answer wherever it runs; `POST /api/ag-ui` serves AG-UI clients. Behind the
 * same sign-in as /chat.
 */
@Controller('api')
@UseGuards(AuthGuard)
export class UIChatController {
  constructor(
    private readonly chat: ChatClient,
    private readonly streams: ResumableStreams,
  ) {}

  /** Answers a `useChat` request (a new message, or the answers to approvals) as a resumable UI message stream. */
  @Post('chat')
  async send(
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<StreamableFile> {
    // The chat id names the user's conversation (chat memory) and its stream: one user never reaches another's.
    const chatId = ownChatId(user, (body as { id?: unknown } | null)?.id);
    const abort = new AbortController();
    // `.request(request)`: the run is not tied to this connection (a client that drops it resumes); only a stop
    // request (or the stream's size cap) aborts it.
    const prompt = this.chat.prompt().request(request).toolContext(supportContextOf(user));
    const answer = await streamUIChat(prompt, { ...(body as object), id: chatId }, { signal: abort.signal });
    return eventStream(response, await this.streams.record(chatId, answer.body, { abort }));
  }

  /** `useChat`'s resume request: the running (or just finished) answer from its start, or 204 when there is none. */
  @Get('chat/:id/stream')
  async resume(
    @Param('id') id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<StreamableFile | undefined> {
    const stream = await this.streams.resume(ownChatId(user, id));
    if (stream) return eventStream(response, stream);
    response.status(204);
    return undefined;
  }

  /**
   * The same chat for AG-UI clients (`@ag-ui/client`'s `HttpAgent`, CopilotKit): a `RunAgentInput` in, AG-UI events
   * out. The thread id names the user's conversation. Not recorded: a client that disconnects ends the run.
   */
  @Post('ag-ui')
  @HttpCode(200)
  agUi(
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<AgUiStreamResponse> {
    const threadId = ownChatId(user, (body as { threadId?: unknown } | null)?.threadId);
    const prompt = this.chat.prompt().toolContext(supportContextOf(user));
    return streamAgUiRun(prompt, { ...(body as object), threadId });
  }

  /** Stops the chat's running answer, on whichever replica runs it: its stream ends with an `abort` chunk. */
  @Post('chat/:id/stop')
  @HttpCode(200)
  async stop(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<{ stopped: boolean }> {
    return { stopped: await this.streams.stop(ownChatId(user, id)) };
  }
}

/** The user's own id of a client's chat id (a bad one is refused by the stream store with a 400). */
function ownChatId(user: AuthUser, id: unknown): string {
  return `${user.username}--${typeof id === 'string' ? id : ''}`;
}

function eventStream(response: HeaderResponse, stream: ReadableStream<string>): StreamableFile {
  for (const [name, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) response.setHeader(name, value);
  return new StreamableFile(Readable.fromWeb(stream));
}
