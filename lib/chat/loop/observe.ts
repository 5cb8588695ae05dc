import type { ChatResponse } from '../model/chat-response';
import type { Prompt } from '../model/prompt';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { CallTelemetry, ModelRequestTelemetry, RoundSteering } from '../ports/chat-telemetry';

/** Runs a chat call under its telemetry, which ends with the call's outcome or error. */
export function observeCall<T extends ChatClientResponse>(
  telemetry: CallTelemetry,
  run: () => Promise<T>,
): Promise<T> {
  return telemetry.run(run).then(
    (outcome) => {
      telemetry.end(outcome);
      return outcome;
    },
    (error: unknown) => {
      telemetry.fail(error);
      throw error;
    },
  );
}

/** Runs one model request under its telemetry. */
export function observeModelCall(
  telemetry: CallTelemetry,
  round: number,
  prompt: Prompt,
  call: () => Promise<ChatResponse>,
  steering?: RoundSteering,
): Promise<ChatResponse> {
  const request =
    steering === undefined
      ? telemetry.startModelRequest(round, prompt, false)
      : telemetry.startModelRequest(round, prompt, false, steering);
  return request.run(call).then(
    (response) => {
      request.end(response);
      return response;
    },
    (error: unknown) => {
      request.fail(error);
      throw error;
    },
  );
}

/**
 * The chunks of a model stream, each one pulled under the request's telemetry (so that the provider's HTTP call
 * nests under it). Leaving early returns the model's stream. The request is ended by the loop, or by the call's end.
 */
export async function* observeChunks<T>(
  request: ModelRequestTelemetry,
  chunks: () => AsyncIterable<T>,
): AsyncGenerator<T> {
  const iterator = request.run(() => chunks()[Symbol.asyncIterator]());
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<T>;
      try {
        next = await request.run(() => iterator.next());
      } catch (error) {
        finished = true;
        request.fail(error);
        throw error;
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) await iterator.return?.();
  }
}
