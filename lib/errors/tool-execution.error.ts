import { ToolCallingError } from './tool-calling.error';
import { httpExceptionText } from './messages/handlers.messages';
import { thrownValueText } from './messages/thrown-value-text';
import type { ToolDefinition } from '../tool/tool-definition';

/**
 * A tool threw (or rejected). The original error is the `cause`; the message is the original message, with the
 * status of an `HttpException` (`Ticket T-9 not found (HTTP 404 Not Found)`); building it never throws.
 */
export class ToolExecutionError extends ToolCallingError {
  /** Always `'ToolExecutionError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolExecutionError';

  constructor(
    /** The tool that failed. */
    readonly toolDefinition: ToolDefinition,
    cause: unknown,
  ) {
    super(httpExceptionText(cause) ?? thrownValueText(cause), { cause });
  }
}
