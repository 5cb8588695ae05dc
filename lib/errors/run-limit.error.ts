import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** The caller has `maxRunsPerCaller` runs queued or running already. HTTP: 429. */
export class RunLimitError extends ToolCallingError {
  /** Always `'RunLimitError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunLimitError';

  /** The cap that applied. */
  readonly limit: number;

  constructor(limit: number) {
    super(RunsMessages.tooManyRuns(limit));
    this.limit = limit;
  }
}
