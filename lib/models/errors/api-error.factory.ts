import { ChatModelApiError, type ChatModelApiErrorDetails } from '../../errors/chat-model-api.error';
import { ChatModelAuthenticationError } from '../../errors/chat-model-authentication.error';
import { ChatModelBadRequestError } from '../../errors/chat-model-bad-request.error';
import { ChatModelNotFoundError } from '../../errors/chat-model-not-found.error';
import { ChatModelPermissionError } from '../../errors/chat-model-permission.error';
import { ChatModelRateLimitError } from '../../errors/chat-model-rate-limit.error';
import { ChatModelServerError } from '../../errors/chat-model-server.error';
import { sanitizeProviderText } from '../../errors/messages/models.messages';
import type { ErrorMappingContext, ProviderErrorInfo } from './error-mapping.context';

/**
 * The typed error for a provider's answer with an error `status`, its class chosen by `classStatus` (for an error
 * inside a stream, the status its type implies). The SDK's error is not kept as `cause`: its message may quote the API key, and everything useful is copied.
 */
export function providerApiError(
  context: ErrorMappingContext,
  status: number | undefined,
  info: ProviderErrorInfo,
  extra: Pick<ChatModelApiErrorDetails, 'requestId' | 'retries'> & {
    readonly classStatus: number | undefined;
  },
): ChatModelApiError {
  const { classStatus, ...more } = extra;
  const { endpoint, secrets } = context;
  const details: ChatModelApiErrorDetails = {
    provider: endpoint.provider,
    model: endpoint.model,
    baseURL: endpoint.baseURL,
    status,
    providerMessage: info.message ? sanitizeProviderText(info.message, secrets) : undefined,
    errorType: info.type,
    errorCode: info.code,
    ...more,
  };
  return apiErrorFor(details, classStatus);
}

function apiErrorFor(details: ChatModelApiErrorDetails, classStatus: number | undefined): ChatModelApiError {
  switch (classStatus) {
    case 400:
      return new ChatModelBadRequestError(details);
    case 401:
      return new ChatModelAuthenticationError(details);
    case 403:
      return new ChatModelPermissionError(details);
    case 404:
      return new ChatModelNotFoundError(details);
    case 429:
      return new ChatModelRateLimitError(details);
    default:
      return classStatus !== undefined && classStatus >= 500
        ? new ChatModelServerError(details)
        : new ChatModelApiError(details);
  }
}
