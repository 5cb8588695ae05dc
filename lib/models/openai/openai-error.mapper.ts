import type { ModelErrorMapper, ProviderErrorInfo, SdkApiError } from '../errors/error-mapping.context';
import { messageWithoutStatus, sdkClassErrorMapper } from '../errors/sdk-class-error.mapper';
import { isRecord } from '../../util/is-record';

/**
 * Reads an OpenAI(-compatible) error body: `{ error: { message, type, param, code } }`, which the SDK keeps as
 * `error.error`. Some compatible servers (vLLM) put the HTTP status in `code`; it then picks the error class of an
 * error reported inside a stream.
 */
export function describeOpenAiError(error: SdkApiError): ProviderErrorInfo {
  const body = isRecord(error.error) ? error.error : undefined;
  const code = body?.code;
  const numericCode =
    typeof code === 'number'
      ? code
      : typeof code === 'string' && /^\d{3}$/.test(code)
        ? Number(code)
        : undefined;
  return {
    message: typeof body?.message === 'string' ? body.message : messageWithoutStatus(error),
    type: typeof body?.type === 'string' ? body.type : undefined,
    code: typeof code === 'string' ? code : undefined,
    impliedStatus: numericCode,
  };
}

/** The error mapper of the `openai` SDK loaded as `sdk`: its error classes, OpenAi's error bodies. */
export function openAiErrorMapper(sdk: typeof import('openai')): ModelErrorMapper {
  return sdkClassErrorMapper(sdk, describeOpenAiError);
}
