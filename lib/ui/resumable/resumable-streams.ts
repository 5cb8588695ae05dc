import { Logger } from '@nestjs/common';
import { InvalidStreamIdError } from '../../errors/invalid-stream-id.error';
import { StreamSizeLimitError } from '../../errors/stream-size-limit.error';
import type { ResumableRecordOptions, StreamErrorEncoder } from './resumable-stream-options';
import type { ResumableStreamStore } from './resumable-stream-store';

const STREAM_ID = /^[\w-]{1,128}$/;
/** How often a running stream tells the store it is alive (and looks at the stop flag), in milliseconds. */
const HEARTBEAT_MS = 5_000;
/** How long one read of a resumed stream waits for the next chunk before it asks again. */
const READ_WAIT_MS = 5_000;
/** The cap is the stream's; an error chunk that ends it is always recorded. */
const NO_CAP = Number.MAX_SAFE_INTEGER;
const NOTHING_TO_UNDO = (): Promise<void> => Promise.resolve();

/**
 * What `record()` reads: a web `ReadableStream` of text, or any async iterable of text or UTF-8 bytes (a Node
 * `Readable`, such as the body of `uiMessageStreamResponse()`).
 */
export type StreamSource = ReadableStream<string> | AsyncIterable<string | Uint8Array>;

/** The AI SDK UI message stream's error chunk, as a server-sent event. */
export const uiMessageStreamErrorChunk: StreamErrorEncoder = (message) =>
  `data: ${JSON.stringify({ type: 'error', errorText: message })}\n\n`;

/** The recording of one run: the chunks waiting for the store, and where they go once recorded. */
class Recording {
  private readonly pending: string[] = [];
  private flushing?: Promise<void>;
  /** `false` once the store failed: the rest is only sent to the live client. */
  private recorded = true;
  /** `true` once the cap was reached: the rest of the source is drained, not sent. */
  private capped = false;
  private liveOpen = true;
  private controller!: ReadableStreamDefaultController<string>;
  /** What the client of the request that started the run reads. */
  readonly live = new ReadableStream<string>({
    start: (controller) => {
      this.controller = controller;
    },
    cancel: () => {
      this.liveOpen = false;
    },
  });

  constructor(
    private readonly store: ResumableStreamStore,
    private readonly runId: string,
    private readonly maxBytes: number,
    private readonly abort: AbortController | undefined,
    private readonly encodeError: StreamErrorEncoder,
    private readonly logger: Logger,
  ) {}

  push(chunk: string): void {
    if (this.capped) return;
    this.pending.push(chunk);
    this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
  }

  /** Waits until every chunk pushed so far is recorded and sent. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Keeps the recording alive while the run has nothing to send (a long tool call), and sees a missed stop. */
  async heartbeat(): Promise<void> {
    if (this.flushing || !this.recorded) return;
    this.outcome(await this.store.append(this.runId, [], this.maxBytes));
  }

  closeLive(): void {
    if (!this.liveOpen) return;
    this.liveOpen = false;
    try {
      this.controller.close();
    } catch {
      // The client went away meanwhile.
    }
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0 && !this.capped) {
      const batch = this.pending.splice(0);
      if (!this.recorded) {
        this.send(batch);
        continue;
      }
      try {
        const outcome = await this.store.append(this.runId, batch, this.maxBytes);
        if (outcome === 'full') {
          await this.overflow();
          return;
        }
        this.send(batch);
        this.outcome(outcome);
      } catch (error) {
        this.recorded = false;
        this.logger.warn(
          `a stream is no longer recorded (a reconnecting client will not get the rest): ${(error as Error).message}`,
        );
        this.send(batch);
      }
    }
  }

  private outcome(outcome: string): void {
    if (outcome === 'stopped' && this.abort && !this.abort.signal.aborted) this.abort.abort();
  }

  private async overflow(): Promise<void> {
    this.capped = true;
    this.pending.length = 0;
    const error = new StreamSizeLimitError(this.maxBytes);
    const chunk = this.encodeError(error.message);
    await this.store.append(this.runId, [chunk], NO_CAP).catch(() => undefined);
    this.send([chunk]);
    this.abort?.abort(error);
  }

  private send(chunks: readonly string[]): void {
    if (!this.liveOpen) return;
    try {
      for (const chunk of chunks) this.controller.enqueue(chunk);
    } catch {
      this.liveOpen = false;
    }
  }
}

/**
 * Resumable streams: `record()` sends a stream to its client while recording every chunk in the module's stream
 * store (memory, or Redis with the `redis` option), and goes on to the end when that client goes away; `resume()`
 * gives a client that reconnects — to any replica sharing the store — the whole stream again, then the rest as it
 * comes (the AI SDK's resume request, `GET /api/chat/:id/stream`); `stop()` aborts the run wherever it runs.
 * Injectable from `ToolCallingModule`.
 */
export class ResumableStreams {
  private readonly logger = new Logger('ResumableStreams');

  constructor(
    /** Where the chunks are recorded. */
    readonly store: ResumableStreamStore,
    private readonly settings: { readonly ttlSeconds: number; readonly maxBytes: number },
  ) {}

  /**
   * Records `source` as the latest run of `streamId` (the chat id) and answers the stream for this request's
   * response. The source is read to its end whether or not the client stays; a stop (`stop(streamId)`, on any
   * replica) or the size cap aborts `options.abort`. Rejects with `InvalidStreamIdError` for a bad id, and with
   * `StateStoreUnavailableError` when the store cannot start the recording (nothing is read of the source then).
   */
  async record(
    streamId: string,
    source: StreamSource,
    options: ResumableRecordOptions = {},
  ): Promise<ReadableStream<string>> {
    checkStreamId(streamId);
    const store = this.store;
    const runId = await store.start(streamId);
    const encodeError = options.encodeError ?? uiMessageStreamErrorChunk;
    const recording = new Recording(
      store,
      runId,
      this.settings.maxBytes,
      options.abort,
      encodeError,
      this.logger,
    );
    const abort = options.abort;
    const unwatch = abort
      ? await store.onStop(runId, () => abort.abort()).catch(() => NOTHING_TO_UNDO)
      : NOTHING_TO_UNDO;
    const heartbeat = setInterval(() => {
      recording.heartbeat().catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    void (async () => {
      try {
        for await (const chunk of iterate(source)) recording.push(chunk);
      } catch (error) {
        recording.push(encodeError(error instanceof Error ? error.message : String(error)));
      } finally {
        clearInterval(heartbeat);
        await recording.drain();
        await store.finish(runId, this.settings.ttlSeconds).catch(() => undefined);
        await unwatch().catch(() => undefined);
        recording.closeLive();
      }
    })();
    return recording.live;
  }

  /**
   * The latest run of `streamId` from its first chunk, then the rest as it is recorded, to its end; `undefined` when
   * there is none (never run, or its recording expired `ttlSeconds` after it ended): answer 204. Rejects with
   * `InvalidStreamIdError` for a bad id.
   */
  async resume(streamId: string): Promise<ReadableStream<string> | undefined> {
    checkStreamId(streamId);
    const runId = await this.store.latest(streamId);
    if (runId === undefined) return undefined;
    const store = this.store;
    let cursor: string | undefined;
    let cancelled = false;
    return new ReadableStream<string>({
      async pull(controller) {
        while (!cancelled) {
          const result = await store.read(runId, cursor, READ_WAIT_MS);
          if (cancelled) return;
          if (result === undefined) return controller.close();
          cursor = result.cursor;
          for (const chunk of result.chunks) controller.enqueue(chunk);
          if (result.done) return controller.close();
          if (result.chunks.length > 0) return;
        }
      },
      cancel() {
        cancelled = true;
      },
    });
  }

  /**
   * Asks the running run of `streamId` to stop, on whichever replica runs it (its `abort` is aborted); `false` when
   * none is running. Rejects with `InvalidStreamIdError` for a bad id.
   */
  async stop(streamId: string): Promise<boolean> {
    checkStreamId(streamId);
    return this.store.stop(streamId);
  }
}

function checkStreamId(streamId: string): void {
  if (typeof streamId !== 'string' || !STREAM_ID.test(streamId)) throw new InvalidStreamIdError(128);
}

async function* iterate(source: StreamSource): AsyncIterable<string> {
  if (!('getReader' in source)) {
    // Text as it is; bytes (a Node stream's Buffers) decoded as UTF-8, a character split between two kept whole.
    const decoder = new TextDecoder();
    for await (const piece of source) {
      const text = typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true });
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
