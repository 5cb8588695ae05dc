import { ToolCallingError } from './tool-calling.error';
import { thrownValueText } from './messages/thrown-value-text';
import type { ToolDefinition } from '../tool/tool-definition';

/**
 * A tool threw (or rejected). The original error is the `cause`; the message is the original message (whatever was
 * thrown: building it never throws).
 */
export class ToolExecutionError extends ToolCallingError {
  override readonly name = 'ToolExecutionError';

  constructor(
    readonly toolDefinition: ToolDefinition,
    cause: unknown,
  ) {
    super(thrownValueText(cause), { cause });
  }
}
