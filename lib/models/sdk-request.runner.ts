import type { ChatResponseChunk } from '../chat/model/chat-model';
import type { ChatResponse } from '../chat/model/chat-response';
import { ChatModelConnectionError } from '../errors/chat-model-connection.error';
import { ModelMessages, type ModelEndpoint } from '../errors/messages/models.messages';
import { RequestGuard } from './request-guard';
import type { ErrorMappingContext, ModelErrorMapper } from './errors/error-mapping.context';

/** What the adapter gives for one request: where it goes and how to read the SDK's errors. */
export interface SdkRequestContext extends Omit<ErrorMappingContext, 'streaming'> {
  readonly mapError: ModelErrorMapper;
  /** The longest silence allowed between two stream events. */
  readonly idleTimeoutMs: number;
}

/**
 * One JSON request through an SDK: `send` it with the caller's signal, `read` the answer. An aborted signal rejects
 * with its reason; any other failure becomes a typed error.
 */
export async function runSdkCall<R>(
  context: SdkRequestContext,
  signal: AbortSignal | undefined,
  send: (signal: AbortSignal | undefined) => Promise<R>,
  read: (response: R) => ChatResponse,
): Promise<ChatResponse> {
  try {
    return read(await send(signal));
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw context.mapError(error, { ...context, streaming: false });
  }
}

/**
 * One streamed request through an SDK: `open` the event stream with a guarded signal, `read` its events into chunks.
 * The caller's abort rejects with its reason, also between two events; a silence longer than the idle limit, a
 * malformed or cut stream and the provider's errors become typed errors. Stopping the iteration closes the request.
 */
export async function* runSdkStream<E>(
  context: SdkRequestContext,
  signal: AbortSignal | undefined,
  open: (signal: AbortSignal) => Promise<AsyncIterable<E>>,
  read: (events: AsyncIterable<E>, endpoint: ModelEndpoint) => AsyncIterable<ChatResponseChunk>,
): AsyncGenerator<ChatResponseChunk> {
  const { endpoint, idleTimeoutMs } = context;
  const guard = new RequestGuard(
    signal,
    idleTimeoutMs,
    () =>
      new ChatModelConnectionError(
        endpoint.provider,
        ModelMessages.streamIdle(endpoint, idleTimeoutMs),
        true,
      ),
  );
  let streaming = false;
  try {
    guard.throwIfStopped();
    const events = await open(guard.signal);
    streaming = true;
    yield* read(guard.watch(events), endpoint);
  } catch (error) {
    // An SDK that fails on the guard's abort (Gemini's) rather than ending quietly: the abort's own reason.
    guard.throwIfStopped();
    throw context.mapError(error, { ...context, streaming });
  } finally {
    guard.dispose();
  }
}
