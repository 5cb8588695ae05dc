import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** Two or more tools share a name; the model could not tell them apart. */
export class DuplicateToolNameError extends ToolCallingError {
  /** Always `'DuplicateToolNameError'`, also after serialization or across copies of the package. */
  override readonly name = 'DuplicateToolNameError';

  constructor(
    /** Every duplicated name with the sources (`Class.method`, function name) that define it. */
    readonly duplicates: ReadonlyMap<string, readonly string[]>,
  ) {
    super(Messages.duplicateToolNames(duplicates));
  }
}
