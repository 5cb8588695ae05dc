import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** A stored conversation is not valid chat memory (not JSON, an unknown version, a message of no known shape). */
export class ChatMemoryReadError extends ToolCallingError {
  /** Always `'ChatMemoryReadError'`, also after serialization or across copies of the package. */
  override readonly name = 'ChatMemoryReadError';

  constructor(
    /** The conversation whose stored messages cannot be read. */
    readonly conversationId: string,
    /** Why they cannot be read (never the messages themselves). */
    readonly reason: string,
  ) {
    super(StateMessages.memoryUnreadable(conversationId, reason));
  }
}
