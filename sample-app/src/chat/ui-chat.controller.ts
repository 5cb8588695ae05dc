import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Optional,
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
import { parseUIChatRequest, streamUIChat, UI_MESSAGE_STREAM_HEADERS } from 'nestjs-tool-calling/ai-sdk';
import { DurableRuns } from 'nestjs-tool-calling/runs';
import { AuthGuard, type AuthenticatedRequest } from '../auth/auth.guard';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/demo-users';
import { supportContextOf } from '../auth/support-context';
import { approvalDecisionsOf } from '../runs/approval-decisions';
import { ChatRuns } from '../runs/chat-runs';
import { runStream } from '../runs/run-stream';

/** What `GET /api/runs/:runId` answers. */
export interface RunView {
  runId: string;
  status: string;
  /** The final answer, once finished. */
  answer?: string;
  /** Why it failed, or was cancelled. */
  error?: string;
  /** How many calls wait for a person's decision while it is paused. */
  pendingApprovals: number;
}

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
 *
 * With durable runs (`REDIS_URL` set, `docs/durable-runs.md`), `POST /api/chat` submits the answer as a job that any
 * worker process runs, answers its stream (and its id in `x-run-id`), and the resume and stop requests go to the
 * chat's latest run; `GET /api/runs/:runId` tells how the run is doing. Only the user who started a run reaches it.
 */
@Controller('api')
@UseGuards(AuthGuard)
export class UIChatController {
  constructor(
    private readonly chat: ChatClient,
    private readonly streams: ResumableStreams,
    @Optional() private readonly runs?: DurableRuns,
    @Optional() private readonly chatRuns?: ChatRuns,
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
    if (this.runs && this.chatRuns) return this.submit(body, chatId, request, user, response);
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
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<StreamableFile | undefined> {
    const runId = await this.chatRuns?.latest(user.username, ownChatId(user, id));
    if (runId !== undefined && this.runs)
      return runEventStream(response, runId, runStream(runId, request, this.streams, this.runs));
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
  async stop(
    @Param('id') id: string,
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<{ stopped: boolean }> {
    const runId = await this.chatRuns?.latest(user.username, ownChatId(user, id));
    if (runId !== undefined && this.runs) return { stopped: await this.runs.cancel(runId, request) };
    return { stopped: await this.streams.stop(ownChatId(user, id)) };
  }

  /** How a durable run of the user is doing: queued, running, paused (for approval), finished, failed or cancelled. */
  @Get('runs/:runId')
  async run(
    @Param('runId') runId: string,
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<RunView> {
    const state = await (await this.ownRun(user, runId)).status(runId, request);
    return {
      runId: state.runId,
      status: state.status,
      ...(state.response && { answer: state.response.text }),
      ...(state.error && { error: state.error }),
      pendingApprovals: state.pendingApprovals?.length ?? 0,
    };
  }

  /** A durable run's stream by its id, from its start (any replica). */
  @Get('runs/:runId/stream')
  async runEvents(
    @Param('runId') runId: string,
    @Req() request: AuthenticatedRequest,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<StreamableFile> {
    const runs = await this.ownRun(user, runId);
    return runEventStream(response, runId, runStream(runId, request, this.streams, runs));
  }

  /**
   * `useChat`'s request as a durable run: a new message is submitted as a job; the answers to a paused run's
   * approvals resume it (the job is queued again). Either way the answer is the run's stream.
   */
  private async submit(
    body: unknown,
    chatId: string,
    request: AuthenticatedRequest,
    user: AuthUser,
    response: HeaderResponse,
  ): Promise<StreamableFile> {
    const runs = this.runs!;
    const chatRuns = this.chatRuns!;
    const { messages } = parseUIChatRequest({ ...(body as object), id: chatId });
    const last = messages[messages.length - 1];
    let runId: string | undefined;
    if (last.role === 'assistant') {
      runId = await chatRuns.latest(user.username, chatId);
      const decisions = approvalDecisionsOf(last);
      if (runId === undefined || Object.keys(decisions).length === 0)
        throw new BadRequestException(
          "the last message must be a question, or answers to a paused run's approvals",
        );
      await runs.resume(runId, decisions, request);
    } else {
      const question = last.parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
      // The run reads the conversation from chat memory (Redis), the caller as data (`runCaller`), the tenant from
      // the tool context: all of it survives the process that runs it.
      ({ runId } = await this.chat
        .prompt()
        .request(request)
        .conversationId(chatId)
        .toolContext(supportContextOf(user))
        .user(question)
        .submit());
      await chatRuns.remember(user.username, chatId, runId);
    }
    return runEventStream(response, runId, runStream(runId, request, this.streams, runs));
  }

  /** The runs of `user` only: another user's run id, or an unknown one, is a 404. */
  private async ownRun(user: AuthUser, runId: string): Promise<DurableRuns> {
    if (!this.runs || !this.chatRuns)
      throw new NotFoundException('durable runs are off (REDIS_URL is not set)');
    if (!(await this.chatRuns.owns(user.username, runId)))
      throw new NotFoundException(`there is no run ${runId}`);
    return this.runs;
  }
}

function runEventStream(
  response: HeaderResponse,
  runId: string,
  stream: ReadableStream<string>,
): StreamableFile {
  response.setHeader('x-run-id', runId);
  return eventStream(response, stream);
}

/** The user's own id of a client's chat id (a bad one is refused by the stream store with a 400). */
function ownChatId(user: AuthUser, id: unknown): string {
  return `${user.username}--${typeof id === 'string' ? id : ''}`;
}

function eventStream(response: HeaderResponse, stream: ReadableStream<string>): StreamableFile {
  for (const [name, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) response.setHeader(name, value);
  return new StreamableFile(Readable.fromWeb(stream));
}
