import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/**
 * A tool returned media (images, audio, files, embedded resources) of more bytes than `limits.maxResultBytes`: the
 * model gets this error instead of the result, and no part of it is kept (memory, paused runs, events).
 */
export class ToolResultTooLargeError extends ToolCallingError {
  /** Always `'ToolResultTooLargeError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolResultTooLargeError';

  constructor(
    /** The tool whose result is too large. */
    readonly toolName: string,
    /** The bytes of the result's media, decoded. */
    readonly bytes: number,
    /** The limit that applied. */
    readonly maxBytes: number,
  ) {
    super(Messages.resultTooLarge(toolName, bytes, maxBytes));
  }
}
