import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The approval was decided before: a decision is single-use. HTTP: 409. */
export class ApprovalAlreadyDecidedError extends ToolCallingError {
  override readonly name = 'ApprovalAlreadyDecidedError';

  constructor(readonly toolName: string) {
    super(StateMessages.approvalAlreadyDecided(toolName));
  }
}
