import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ChatEventPuller, type ChatEventSource } from '../chat-event-source';
import { safeErrorText } from '../safe-error-text';
import type { UIMessageStreamChunk } from './ui-message-chunk';
import { UIMessageChunkMapper, type Continuation } from './ui-message-chunk.mapper';
import type { UIMessageStreamOptions } from './ui-message-stream.options';

const logger = new Logger('UIMessageStream');

/**
 * The chunks of one streamed call, a batch per library event (most events make one or two chunks): `start` first,
 * then the mapped events, and at the end `finish`, or `error` (the call failed), or `abort` (the `signal`).
 */
export class UIMessageChunkBatches {
  private readonly puller: ChatEventPuller;
  private readonly mapper: UIMessageChunkMapper;
  private readonly messageId: string;
  private readonly onError: (error: unknown) => string;
  private state: 'new' | 'running' | 'over' = 'new';

  constructor(
    source: ChatEventSource,
    options: UIMessageStreamOptions = {},
    continuation?: Continuation,
    clientTools?: ReadonlySet<string>,
  ) {
    this.puller = new ChatEventPuller(source, options.signal);
    const metadata = {
      ...(options.conversationId !== undefined && { conversationId: options.conversationId }),
      ...options.messageMetadata,
    };
    this.mapper = new UIMessageChunkMapper(metadata, continuation, clientTools);
    this.messageId = options.messageId ?? randomUUID();
    this.onError = options.onError ?? safeErrorText;
  }

  /** The chunks of the next event (never empty), or `undefined` after the last. Never rejects. */
  async next(): Promise<UIMessageStreamChunk[] | undefined> {
    if (this.state === 'over') return undefined;
    const out: UIMessageStreamChunk[] = [];
    if (this.state === 'new') {
      this.state = 'running';
      out.push(this.mapper.start(this.messageId));
    }
    for (;;) {
      const pulled = await this.puller.next();
      if (pulled.kind === 'event') {
        this.mapper.map(pulled.event, out);
        if (pulled.event.type === 'finished') this.state = 'over';
        if (out.length > 0) return out;
        continue;
      }
      this.state = 'over';
      if (pulled.kind === 'failed') {
        logger.error(`A streamed chat call failed: ${describe(pulled.error)}`);
        this.mapper.close(out);
        out.push({ type: 'error', errorText: this.textOf(pulled.error) });
      } else if (pulled.kind === 'aborted') {
        this.mapper.close(out);
        out.push({ type: 'abort', reason: reasonText(pulled.reason) });
      }
      return out.length > 0 ? out : undefined;
    }
  }

  /** Starts the call; throws what it fails with before its first event. */
  prime(): Promise<void> {
    return this.puller.prime();
  }

  /** The client left: abort the call. */
  cancel(): void {
    this.state = 'over';
    this.puller.cancel();
  }

  private textOf(error: unknown): string {
    try {
      return this.onError(error);
    } catch {
      return safeErrorText(error);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason.name;
  return 'aborted';
}

/**
 * The AI SDK UI message stream (protocol v1) of a streamed call, as chunk objects: for an app that sends them
 * itself (a WebSocket, a stream store). `uiMessageStreamResponse()` sends them over HTTP.
 *
 * Leaving the iteration early aborts the call.
 */
export function toUIMessageChunks(
  source: ChatEventSource,
  options: UIMessageStreamOptions = {},
): AsyncIterable<UIMessageStreamChunk> {
  return {
    [Symbol.asyncIterator]: () => chunksOf(new UIMessageChunkBatches(source, options)),
  };
}

async function* chunksOf(batches: UIMessageChunkBatches): AsyncGenerator<UIMessageStreamChunk> {
  try {
    for (let batch = await batches.next(); batch !== undefined; batch = await batches.next()) yield* batch;
  } finally {
    batches.cancel();
  }
}
