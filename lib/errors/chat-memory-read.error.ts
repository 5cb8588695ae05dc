import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** A stored conversation is not valid chat memory (not JSON, an unknown version, a message of no known shape). */
export class ChatMemoryReadError extends ToolCallingError {
  override readonly name = 'ChatMemoryReadError';

  constructor(
    readonly conversationId: string,
    readonly reason: string,
  ) {
    super(StateMessages.memoryUnreadable(conversationId, reason));
  }
}
