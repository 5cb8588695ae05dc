import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The caller may not decide this approval (by default: another user asked the question). HTTP: 403. */
export class ApprovalForbiddenError extends ToolCallingError {
  override readonly name = 'ApprovalForbiddenError';

  constructor(readonly toolName: string) {
    super(StateMessages.approvalForbidden(toolName));
  }
}
