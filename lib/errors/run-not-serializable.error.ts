import { ToolCallingError } from './tool-calling.error';
import { RunsMessages } from './messages/runs.messages';

/** A request to `submit()` holds something that is not data (tool objects, a signal…). HTTP: 400. */
export class RunNotSerializableError extends ToolCallingError {
  /** Always `'RunNotSerializableError'`, also after serialization or across copies of the package. */
  override readonly name = 'RunNotSerializableError';

  /** What could not be carried. */
  readonly what: string;

  constructor(what: string) {
    super(RunsMessages.notSerializable(what));
    this.what = what;
  }
}
