import { ChatModelConnectionError } from '../../errors/chat-model-connection.error';
import { ChatModelError } from '../../errors/chat-model.error';
import { ChatModelResponseError } from '../../errors/chat-model-response.error';
import { ModelMessages } from '../../errors/messages/models.messages';
import { isRecord } from '../../util/is-record';
import { providerApiError } from '../errors/api-error.factory';
import { causeText, chainHasName, isError, refusedByHttpClient, rootCauseText } from '../errors/error-chain';
import type { ModelErrorMapper, ProviderErrorInfo } from '../errors/error-mapping.context';
import { scrubbedCause, scrubSecrets } from '../secret-scrubber';

/** The statuses the adapter has the SDK retry (its own default list). */
const RETRIED = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Reads a Gemini error: the SDK's `ApiError` has the HTTP status and, as its message, the response body
 * `{ error: { code, message, status } }` as JSON text (prefixed with `got status: …` when it came inside a stream).
 */
export function describeGeminiError(message: string): ProviderErrorInfo {
  const start = message.indexOf('{');
  let body: unknown;
  try {
    body = start >= 0 ? JSON.parse(message.slice(start)) : undefined;
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
    message: typeof inner?.message === 'string' ? inner.message : message || undefined,
    type: typeof inner?.status === 'string' ? inner.status : undefined,
    code: typeof reason === 'string' ? reason : undefined,
    // Gemini refuses a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID: an authentication failure.
    impliedStatus: reason === 'API_KEY_INVALID' ? 401 : undefined,
  };
}

/**
 * Turns what `@google/genai` threw into this library's typed errors. Its SDK has no error class per failure, only
 * `ApiError` (by name, with a numeric `status`): that by status, the SDK's time limit (an abort the caller did not
 * ask for) as a timed-out connection error, a failed fetch as a connection error, a broken or cut stream as a
 * response error. Every text is scrubbed of the key; causes are scrubbed copies.
 */
export const mapGeminiError: ModelErrorMapper = (error, context) => {
  const { endpoint, secrets } = context;
  if (error instanceof ChatModelError) return error;
  const refused = refusedByHttpClient(error, endpoint.provider);
  if (refused) return refused;
  if (!isError(error)) return error;
  const status: unknown = (error as { status?: unknown }).status;
  if (error.name === 'ApiError' && typeof status === 'number') {
    const info = describeGeminiError(error.message ?? '');
    return providerApiError(context, status, info, {
      retries: RETRIED.has(status) && !context.streaming ? context.maxRetries : undefined,
      classStatus: info.impliedStatus ?? status,
    });
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
  const cause = scrubbedCause(error, secrets);
  if (context.streaming) {
    return new ChatModelResponseError(
      endpoint.provider,
      /^exception parsing stream chunk/.test(error.message) || error.name === 'SyntaxError'
        ? ModelMessages.streamNotJson(endpoint, 'a chunk could not be parsed')
        : ModelMessages.streamCut(endpoint, scrubSecrets(causeText(error), secrets)),
      { cause },
    );
  }
  if (error.name === 'SyntaxError') {
    const detail = scrubSecrets(causeText(error), secrets);
    return new ChatModelResponseError(endpoint.provider, ModelMessages.responseNotJson(endpoint, detail), {
      cause,
    });
  }
  const detail = scrubSecrets(rootCauseText(error), secrets);
  return new ChatModelConnectionError(
    endpoint.provider,
    ModelMessages.connectionFailed(endpoint, detail),
    false,
    {
      cause,
    },
  );
};
