import { ToolCallingError } from './tool-calling.error';
import { StreamMessages } from './messages/stream.messages';

/**
 * A recorded stream reached its size cap (`streams.maxBytes`): its run is aborted with this reason, and the stream
 * (what the client reads, and what a reconnecting one replays) ends with an error chunk carrying this message.
 */
export class StreamSizeLimitError extends ToolCallingError {
  /** Always `'StreamSizeLimitError'`, also after serialization or across copies of the package. */
  override readonly name = 'StreamSizeLimitError';

  constructor(
    /** The cap that was reached, in bytes. */
    readonly maxBytes: number,
  ) {
    super(StreamMessages.sizeLimit(maxBytes));
  }
}
