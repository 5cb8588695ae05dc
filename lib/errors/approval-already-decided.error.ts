import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The approval was decided before: a decision is single-use. HTTP: 409. */
export class ApprovalAlreadyDecidedError extends ToolCallingError {
  /** Always `'ApprovalAlreadyDecidedError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalAlreadyDecidedError';

  constructor(
    /** The tool whose call was already approved or denied. */
    readonly toolName: string,
  ) {
    super(StateMessages.approvalAlreadyDecided(toolName));
  }
}
