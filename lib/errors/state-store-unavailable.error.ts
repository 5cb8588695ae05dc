import { ToolCallingError } from './tool-calling.error';
import { StateMessages } from './messages/state.messages';

/** The store of chat memory or approvals (Redis) cannot be reached; the operation wrote nothing. */
export class StateStoreUnavailableError extends ToolCallingError {
  override readonly name = 'StateStoreUnavailableError';

  constructor(
    readonly store: string,
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
