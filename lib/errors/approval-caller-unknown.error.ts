import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/**
 * A call that needs approval would pause, or an approval would be decided, for a caller `approvals.callerId` gives
 * no id: refused, since nobody could then be told apart from anybody else. Nothing was stored or decided. The
 * application's configuration is at fault (or a route without authentication): not an HTTP client's error.
 */
export class ApprovalCallerUnknownError extends ToolCallingError {
  /** Always `'ApprovalCallerUnknownError'`, also after serialization or across copies of the package. */
  override readonly name = 'ApprovalCallerUnknownError';

  constructor(
    /** `'pause'`: the call was not paused; `'decide'`: the approval was not decided. */
    readonly stage: 'pause' | 'decide',
    /** The tools whose calls would have paused (empty for a decision: the approval was not looked up). */
    readonly toolNames: readonly string[] = [],
  ) {
    super(
      stage === 'pause' ? StateMessages.pauseWithoutCaller(toolNames) : StateMessages.decisionWithoutCaller(),
    );
  }
}
