import { Catch, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import {
  ApprovalAlreadyDecidedError,
  ApprovalExpiredError,
  ApprovalForbiddenError,
  ApprovalNotFoundError,
  ChatMemoryReadError,
  InvalidChatRequestError,
  StateStoreUnavailableError,
  type ToolCallingError,
} from 'nestjs-tool-calling';

const STATUS = new Map<string, number>([
  [ApprovalNotFoundError.name, HttpStatus.NOT_FOUND],
  [ApprovalAlreadyDecidedError.name, HttpStatus.CONFLICT],
  [ApprovalExpiredError.name, HttpStatus.GONE],
  [ApprovalForbiddenError.name, HttpStatus.FORBIDDEN],
  [InvalidChatRequestError.name, HttpStatus.BAD_REQUEST],
  [StateStoreUnavailableError.name, HttpStatus.SERVICE_UNAVAILABLE],
  [ChatMemoryReadError.name, HttpStatus.INTERNAL_SERVER_ERROR],
]);

/** The library's approval and memory errors as HTTP answers: 404 unknown, 409 decided, 410 expired, 403 not yours. */
@Catch(
  ApprovalNotFoundError,
  ApprovalAlreadyDecidedError,
  ApprovalExpiredError,
  ApprovalForbiddenError,
  InvalidChatRequestError,
  StateStoreUnavailableError,
  ChatMemoryReadError,
)
export class ApprovalErrorsFilter implements ExceptionFilter {
  catch(error: ToolCallingError, host: ArgumentsHost): void {
    const status = STATUS.get(error.name) ?? HttpStatus.INTERNAL_SERVER_ERROR;
    host
      .switchToHttp()
      .getResponse<{ status(code: number): { json(body: unknown): void } }>()
      .status(status)
      .json({ statusCode: status, error: error.name, message: error.message });
  }
}
