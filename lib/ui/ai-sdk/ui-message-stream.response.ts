import { StreamableFile } from '@nestjs/common';
import type { ChatEventSource } from '../chat-event-source';
import { EventStreamBody, type EventStreamSource } from '../event-stream-body';
import { UI_MESSAGE_STREAM_HEADERS } from './ui-message-chunk';
import type { Continuation } from './ui-message-chunk.mapper';
import { UIMessageChunkBatches } from './ui-message-stream';
import type { UIMessageStreamOptions } from './ui-message-stream.options';

const DONE = 'data: [DONE]\n\n';

/**
 * A UI message stream as the response of a Nest route: return it from a `@Post()` handler and Nest streams it, on
 * Express and on Fastify, with the protocol's headers (`x-vercel-ai-ui-message-stream: v1`, `text/event-stream`).
 * A client that disconnects aborts the call. Made by `uiMessageStreamResponse()` (or `UIChat.stream()`).
 */
export class UIMessageStreamResponse extends StreamableFile {
  /** @internal */
  constructor(body: EventStreamBody) {
    super(body, { type: UI_MESSAGE_STREAM_HEADERS['content-type'] });
  }

  /** The body, for a handler that writes the response itself (`@Res()`): `response.pipe(…)` is `body.pipe(response)`. */
  get body(): NodeJS.ReadableStream {
    return this.getStream();
  }
}

/**
 * Serves a streamed call (`chat.prompt()….stream()`) as the AI SDK's UI message stream, which `useChat` (v6 and v7)
 * reads: return the result from the controller.
 *
 * ```ts
 * @Post('chat')
 * chat(@Body() body: { messages: UIMessage[] }) {
 *   return uiMessageStreamResponse(this.chat.prompt().user(lastText(body)).stream());
 * }
 * ```
 * (`UIChat` reads the whole `useChat` body: history, approvals, the conversation id.)
 */
export function uiMessageStreamResponse(
  source: ChatEventSource,
  options: UIMessageStreamOptions = {},
): UIMessageStreamResponse {
  return uiMessageStreamResponseOf(new UIMessageChunkBatches(source, options));
}

/** @internal `streamUIChat()`'s response for a new message, which knows the client tools. */
export function newUIMessageStreamResponse(
  source: ChatEventSource,
  options: UIMessageStreamOptions,
  clientTools: ReadonlySet<string>,
): UIMessageStreamResponse {
  return uiMessageStreamResponseOf(new UIMessageChunkBatches(source, options, undefined, clientTools));
}

/**
 * The response of `streamUIChat()` that continues a message (the answer to approvals): started before it is
 * returned, so that a refused decision is an HTTP error rather than a stream.
 * @internal
 */
export async function continuedUIMessageStreamResponse(
  source: ChatEventSource,
  options: UIMessageStreamOptions,
  continuation: Continuation,
  clientTools: ReadonlySet<string>,
): Promise<UIMessageStreamResponse> {
  const batches = new UIMessageChunkBatches(source, options, continuation, clientTools);
  await batches.prime();
  return uiMessageStreamResponseOf(batches);
}

function uiMessageStreamResponseOf(batches: UIMessageChunkBatches): UIMessageStreamResponse {
  let ended = false;
  const source: EventStreamSource = {
    next: async () => {
      if (ended) return undefined;
      const batch = await batches.next();
      if (batch === undefined) {
        ended = true;
        return DONE;
      }
      let text = '';
      for (const chunk of batch) text += `data: ${JSON.stringify(chunk)}\n\n`;
      return text;
    },
    cancel: () => batches.cancel(),
  };
  return new UIMessageStreamResponse(new EventStreamBody(source, UI_MESSAGE_STREAM_HEADERS));
}
