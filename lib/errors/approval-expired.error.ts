import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The approval's time to live has passed; the call was not run. HTTP: 410. */
export class ApprovalExpiredError extends ToolCallingError {
  /** Always `'ApprovalExpiredError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalExpiredError';

  constructor(
    /** The tool whose call waited for a decision. */
    readonly toolName: string,
    /** When the approval expired. */
    readonly expiredAt: Date,
  ) {
    super(StateMessages.approvalExpired(toolName, expiredAt.toISOString()));
  }
}
