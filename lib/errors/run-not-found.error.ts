import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** No run with this id belongs to this caller. HTTP: 404. */
export class RunNotFoundError extends ToolCallingError {
  /** Always `'RunNotFoundError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunNotFoundError';

  constructor() {
    super(RunsMessages.notFound());
  }
}
