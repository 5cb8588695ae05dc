import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** A tool returned a value its result converter cannot turn into text (a circular structure, a BigInt…). */
export class ToolResultConversionError extends ToolCallingError {
  /** Always `'ToolResultConversionError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolResultConversionError';

  constructor(
    /** The tool whose result cannot be converted. */
    readonly toolName: string,
    cause: unknown,
  ) {
    super(Messages.resultNotSerialisable(toolName, cause), { cause });
  }
}
