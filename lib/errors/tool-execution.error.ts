import { ToolCallingError } from './tool-calling.error';
import { httpExceptionText } from './messages/handlers.messages';
import { thrownValueText } from './messages/thrown-value-text';
import type { ToolDefinition } from '../tool/tool-definition';

/**
 * A tool threw (or rejected). The original error is the `cause`; the message is the original message, with the
 * status of an `HttpException` (`Ticket T-9 not found (HTTP 404 Not Found)`); building it never throws.
 */
export class ToolExecutionError extends ToolCallingError {
  override readonly name = 'ToolExecutionError';

  constructor(
    readonly toolDefinition: ToolDefinition,
    cause: unknown,
  ) {
    super(httpExceptionText(cause) ?? thrownValueText(cause), { cause });
  }
}
