import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** No pending approval has this id (never issued, or removed long after it expired). HTTP: 404. */
export class ApprovalNotFoundError extends ToolCallingError {
  override readonly name = 'ApprovalNotFoundError';

  constructor() {
    super(StateMessages.approvalNotFound());
  }
}
