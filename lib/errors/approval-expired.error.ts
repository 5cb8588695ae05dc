import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The approval's time to live has passed; the call was not run. HTTP: 410. */
export class ApprovalExpiredError extends ToolCallingError {
  override readonly name = 'ApprovalExpiredError';

  constructor(
    readonly toolName: string,
    readonly expiredAt: Date,
  ) {
    super(StateMessages.approvalExpired(toolName, expiredAt.toISOString()));
  }
}
