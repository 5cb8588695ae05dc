import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/**
 * A run ended in the dead-letter state: its retries were used up, its deadline passed, or its state could not be
 * read. `status(runId).error` carries its text.
 */
export class RunFailedError extends ToolCallingError {
  /** Always `'RunFailedError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunFailedError';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(RunsMessages.failed(reason), options);
  }
}
