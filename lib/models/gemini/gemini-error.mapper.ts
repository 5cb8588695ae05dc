import type { ChatModelApiErrorDetails } from '../../errors/chat-model-api.error';
import { ChatModelConnectionError } from '../../errors/chat-model-connection.error';
import { ChatModelError } from '../../errors/chat-model.error';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages, sanitizeProviderText } from '../../errors/messages/models.messages';
import { scrubbedCause, scrubSecrets } from '../secret-scrubber';
import {
  apiErrorFor,
  causeText,
  isError,
  refusedByHttpClient,
  type SdkApiError,
  type SdkErrorContext,
  type ProviderErrorInfo,
} from '../sdk-error.mapper';
import { isRecord } from '../../util/is-record';

/** The statuses the adapter has the SDK retry (its own default list). */
const RETRIED = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Reads a Gemini error: the SDK's `ApiError` has the HTTP status and, as its message, the response body
 * `{ error: { code, message, status } }` as JSON text (prefixed with `got status: …` when it came inside a stream).
 */
export function describeGeminiError(error: SdkApiError): ProviderErrorInfo {
  const text = error.message ?? '';
  const start = text.indexOf('{');
  let body: unknown;
  try {
    body = start >= 0 ? JSON.parse(text.slice(start)) : undefined;
  } catch {
    body = undefined;
  }
  const inner = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const details: unknown = inner?.details;
  const withReason = Array.isArray(details)
    ? (details as unknown[]).find((detail) => isRecord(detail) && typeof detail.reason === 'string')
    : undefined;
  const reason = isRecord(withReason) ? withReason.reason : undefined;
  return {
    message: typeof inner?.message === 'string' ? inner.message : text || undefined,
    type: typeof inner?.status === 'string' ? inner.status : undefined,
    code: typeof reason === 'string' ? reason : undefined,
    // Gemini refuses a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID: an authentication failure.
    impliedStatus: reason === 'API_KEY_INVALID' ? 401 : undefined,
  };
}

/**
 * Turns what `@google/genai` threw into this library's typed errors: `ApiError` by status, the SDK's time limit
 * (an abort the caller did not ask for) as a timed-out connection error, a failed fetch as a connection error, a
 * broken or cut stream as a response error. Every text is scrubbed of the key; causes are scrubbed copies.
 */
export function mapGeminiError(error: unknown, context: SdkErrorContext): unknown {
  const { endpoint, secrets } = context;
  if (error instanceof ChatModelError) return error;
  const refused = refusedByHttpClient(error, endpoint.provider);
  if (refused) return refused;
  if (!isError(error)) return error;
  if (error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number') {
    const status = (error as unknown as { status: number }).status;
    const info = describeGeminiError(error as SdkApiError);
    const details: ChatModelApiErrorDetails = {
      provider: endpoint.provider,
      model: endpoint.model,
      baseURL: endpoint.baseURL,
      status,
      providerMessage: info.message ? sanitizeProviderText(info.message, secrets) : undefined,
      errorType: info.type,
      errorCode: info.code,
      retries: RETRIED.has(status) && !context.streaming ? context.maxRetries : undefined,
    };
    return apiErrorFor(details, info.impliedStatus ?? status);
  }
  // The SDK's own time limit aborts the request; the caller's abort never gets here. In a test sandbox the SDK
  // wraps fetch's error, so the chain is searched.
  if (chainHasName(error, ['AbortError', 'TimeoutError'])) {
    return new ChatModelConnectionError(
      endpoint.provider,
      ModelMessages.timedOut(endpoint, context.timeoutMs),
      true,
    );
  }
  const detail = scrubSecrets(causeText(error), secrets);
  const cause = scrubbedCause(error, secrets);
  if (context.streaming) {
    return new ChatModelResponseError(
      endpoint.provider,
      /^exception parsing stream chunk/.test(error.message) || error.name === 'SyntaxError'
        ? ModelMessages.streamNotJson(endpoint, 'a chunk could not be parsed')
        : ModelMessages.streamCut(endpoint, detail),
      { cause },
    );
  }
  if (error.name === 'SyntaxError') {
    return new ChatModelResponseError(endpoint.provider, ModelMessages.responseNotJson(endpoint, detail), {
      cause,
    });
  }
  return new ChatModelConnectionError(
    endpoint.provider,
    ModelMessages.connectionFailed(endpoint, detail),
    false,
    {
      cause,
    },
  );
}

function chainHasName(error: Error, names: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && isError(current); depth++) {
    if (names.includes(current.name)) return true;
    current = current.cause;
  }
  return false;
}
