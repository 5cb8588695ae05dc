import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The caller may not decide this approval (by default: another user asked the question). HTTP: 403. */
export class ApprovalForbiddenError extends ToolCallingError {
  /** Always `'ApprovalForbiddenError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalForbiddenError';

  constructor(
    /** The tool whose call the caller may not decide. */
    readonly toolName: string,
  ) {
    super(StateMessages.approvalForbidden(toolName));
  }
}
