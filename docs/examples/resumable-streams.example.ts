// Compiled by `npm run typecheck`: the samples of docs/resumable-streams.md. The controller is the sample app's
// (sample-app/src/chat/ui-chat.controller.ts), tested across two replicas in test/e2e/sample-app/replicas/.
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Module,
  Param,
  Post,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { Readable } from 'node:stream';
import { ChatClient, ResumableStreams, ToolCallingModule } from 'nestjs-tool-calling';
import { streamUIChat, UI_MESSAGE_STREAM_HEADERS } from 'nestjs-tool-calling/ai-sdk';

@Module({
  imports: [
    ToolCallingModule.forRoot({
      redis: { url: process.env.REDIS_URL ?? 'redis://localhost:6379' },
      // Kept 5 minutes after the run ended; at most 4 MiB per stream.
      streams: { ttlSeconds: 300, maxBytes: 4 * 1024 * 1024 },
    }),
  ],
})
export class AppModule {}

interface HttpResponse {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
}

interface SignedInRequest {
  user: { id: string };
}

/** A chat id scoped to its user: nobody resumes or stops another user's answer by guessing an id. */
function scoped(request: SignedInRequest, id: string): string {
  return `${request.user.id}-${id}`;
}

function eventStream(response: HttpResponse, stream: ReadableStream<string>): StreamableFile {
  for (const [name, value] of Object.entries(UI_MESSAGE_STREAM_HEADERS)) response.setHeader(name, value);
  return new StreamableFile(Readable.fromWeb(stream));
}

// Behind your sign-in guard, which sets `request.user`.
@Controller('api')
export class ChatController {
  constructor(
    private readonly chat: ChatClient,
    private readonly streams: ResumableStreams,
  ) {}

  @Post('chat')
  async send(
    @Body() body: { id: string },
    @Req() request: SignedInRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<StreamableFile> {
    const abort = new AbortController();
    // `.request(request)`: the run is not tied to this connection, only a stop (or the cap) ends it early.
    const answer = await streamUIChat(this.chat.prompt().request(request), body, { signal: abort.signal });
    return eventStream(response, await this.streams.record(scoped(request, body.id), answer.body, { abort }));
  }

  @Get('chat/:id/stream')
  async resume(
    @Param('id') id: string,
    @Req() request: SignedInRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<StreamableFile | undefined> {
    const stream = await this.streams.resume(scoped(request, id));
    if (stream) return eventStream(response, stream);
    response.status(204);
    return undefined;
  }

  @Post('chat/:id/stop')
  @HttpCode(200)
  async stop(@Param('id') id: string, @Req() request: SignedInRequest): Promise<{ stopped: boolean }> {
    return { stopped: await this.streams.stop(scoped(request, id)) };
  }
}
