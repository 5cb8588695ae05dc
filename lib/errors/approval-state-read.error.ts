import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The stored state of a paused run cannot be read (not JSON, an unknown version). */
export class ApprovalStateReadError extends ToolCallingError {
  /** Always `'ApprovalStateReadError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalStateReadError';

  constructor(
    /** Why the stored state cannot be read (never the state itself). */
    readonly reason: string,
  ) {
    super(StateMessages.approvalUnreadable(reason));
  }
}
