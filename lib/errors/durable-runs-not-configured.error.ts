import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** `submit()` was called on a client whose application has no `DurableRunsModule`. */
export class DurableRunsNotConfiguredError extends ToolCallingError {
  /** Always `'DurableRunsNotConfiguredError'`, also after serialization or across copies of the package. */
  override readonly name = 'DurableRunsNotConfiguredError';

  constructor() {
    super(RunsMessages.notConfigured());
  }
}
