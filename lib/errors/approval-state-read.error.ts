import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The stored state of a paused run cannot be read (not JSON, an unknown version). */
export class ApprovalStateReadError extends ToolCallingError {
  override readonly name = 'ApprovalStateReadError';

  constructor(readonly reason: string) {
    super(StateMessages.approvalUnreadable(reason));
  }
}
