import { ToolCallingError } from './tool-calling.error';

/**
 * Thrown by a tool for a failure that may pass if the call is tried again (a dropped connection, a busy service):
 * a tool with `retry` options is then called again after a back-off; any other error is not retried. The model sees
 * the message only when the last attempt fails.
 */
export class TransientToolError extends ToolCallingError {
  /** Always `'TransientToolError'`, also after serialization or across copies of the package. */
  override readonly name = 'TransientToolError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
