import { ToolCallingError } from './tool-calling.error';

/** A tool cannot be defined as written: a bad name, an unknown parameter name, a schema that cannot be built. */
export class ToolDefinitionError extends ToolCallingError {
  /** Always `'ToolDefinitionError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'ToolDefinitionError';

  constructor(
    message: string,
    /** `Class.method` (or the function tool's name) that is at fault, when known. */
    readonly source?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
