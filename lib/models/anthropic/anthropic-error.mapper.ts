import type { ModelErrorMapper, ProviderErrorInfo, SdkApiError } from '../errors/error-mapping.context';
import { messageWithoutStatus, sdkClassErrorMapper } from '../errors/sdk-class-error.mapper';
import { isRecord } from '../../util/is-record';

/** The HTTP status Anthropic uses for each error type: picks the error class of an error sent inside a stream. */
const STATUS_BY_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/**
 * Reads an Anthropic error body, `{ type: "error", error: { type, message, details? }, request_id }`, which the SDK
 * keeps whole as `error.error`.
 */
export function describeAnthropicError(error: SdkApiError): ProviderErrorInfo {
  const body = isRecord(error.error) ? error.error : undefined;
  const inner = isRecord(body?.error) ? body.error : undefined;
  const type = typeof inner?.type === 'string' ? inner.type : undefined;
  const details = isRecord(inner?.details) ? inner.details : undefined;
  return {
    message: typeof inner?.message === 'string' ? inner.message : messageWithoutStatus(error),
    type,
    code: typeof details?.error_code === 'string' ? details.error_code : undefined,
    impliedStatus:
      type !== undefined && Object.hasOwn(STATUS_BY_TYPE, type) ? STATUS_BY_TYPE[type] : undefined,
  };
}

/** The error mapper of the `@anthropic-ai/sdk` SDK loaded as `sdk`: its error classes, Anthropic's error bodies. */
export function anthropicErrorMapper(sdk: typeof import('@anthropic-ai/sdk')): ModelErrorMapper {
  return sdkClassErrorMapper(sdk, describeAnthropicError);
}
