import type { ResumableStreamStore } from './resumable-stream-store';

/** The module's resumable streams (`ResumableStreams`): where chunks are recorded, for how long, how many. */
export interface ResumableStreamOptions {
  /**
   * How long a recording is kept after its run ended, in seconds: a client that reconnects within it still gets the
   * whole answer.
   * @defaultValue 300
   */
  readonly ttlSeconds?: number;
  /**
   * The most bytes (UTF-8) one recorded stream may hold. The chunk that would pass it is not sent: the run is
   * aborted with a `StreamSizeLimitError`, and the stream ends with an error chunk carrying its message.
   * @defaultValue 16777216 (16 MiB)
   */
  readonly maxBytes?: number;
  /**
   * Where chunks are recorded.
   * @defaultValue in memory, or Redis Streams with the module's `redis` option
   */
  readonly store?: ResumableStreamStore;
}

/** What a stream's error chunk is made of, for `record()`: the protocol's own error event. */
export type StreamErrorEncoder = (message: string) => string;

/** Options of `ResumableStreams.record()`. */
export interface ResumableRecordOptions {
  /**
   * Aborted when a stop is asked for (`stop()`, from any replica) or the size cap is reached: hand its signal to the
   * chat call (`.signal(abort.signal)`) that makes the stream.
   */
  readonly abort?: AbortController;
  /**
   * The chunk that ends a stream which fails or passes the cap.
   * @defaultValue an AI SDK UI message stream error chunk: `data: {"type":"error","errorText":…}\n\n`
   */
  readonly encodeError?: StreamErrorEncoder;
}
