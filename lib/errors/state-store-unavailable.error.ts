import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The store of chat memory or approvals (Redis) cannot be reached; the operation wrote nothing. */
export class StateStoreUnavailableError extends ToolCallingError {
  /** Always `'StateStoreUnavailableError'`, also after serialization or across copies of the package. */
  override readonly name = 'StateStoreUnavailableError';

  constructor(
    /** The store that failed (`RedisApprovalStore`). */
    readonly store: string,
    /** What it was doing (`save`, `load`). */
    readonly operation: string,
    cause: unknown,
  ) {
    super(
      StateMessages.storeUnavailable(
        store,
        operation,
        cause instanceof Error ? cause.message : String(cause),
      ),
      {
        cause,
      },
    );
  }
}
