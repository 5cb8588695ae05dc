import { ToolCallingError } from './tool-calling.error';
import { Messages } from './messages/tool.messages';

/** A tool returned a value its result converter cannot turn into text (a circular structure, a BigInt…). */
export class ToolResultConversionError extends ToolCallingError {
  override readonly name = 'ToolResultConversionError';

  constructor(
    readonly toolName: string,
    cause: unknown,
  ) {
    super(Messages.resultNotSerialisable(toolName, cause), { cause });
  }
}
