import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** No pending approval has this id (never issued, or removed long after it expired). HTTP: 404. */
export class ApprovalNotFoundError extends ToolCallingError {
  /** Always `'ApprovalNotFoundError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalNotFoundError';

  constructor() {
    super(StateMessages.approvalNotFound());
  }
}
