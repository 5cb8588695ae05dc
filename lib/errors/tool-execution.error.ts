import { ToolCallingError } from './tool-calling.error';
import type { ToolDefinition } from '../tool/tool-definition';

/** A tool threw (or rejected). The original error is the `cause`; the message is the original message. */
export class ToolExecutionError extends ToolCallingError {
  override readonly name = 'ToolExecutionError';

  constructor(
    readonly toolDefinition: ToolDefinition,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}
