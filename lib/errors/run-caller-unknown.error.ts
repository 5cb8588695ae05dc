import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** A run was submitted or looked up by a request whose caller has no id: nobody could be told apart. HTTP: 401. */
export class RunCallerUnknownError extends ToolCallingError {
  /** Always `'RunCallerUnknownError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunCallerUnknownError';

  constructor() {
    super(RunsMessages.callerUnknown());
  }
}
