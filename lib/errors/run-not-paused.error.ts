import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** `resume()` of a run that is not paused for approval. HTTP: 409. */
export class RunNotPausedError extends ToolCallingError {
  /** Always `'RunNotPausedError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunNotPausedError';

  /** The run's status. */
  readonly status: string;

  constructor(status: string) {
    super(RunsMessages.notPaused(status));
    this.status = status;
  }
}
