import type { MessageEvent } from '@nestjs/common';
import { Observable, map } from 'rxjs';
import type { ChatRequest } from '../loop/chat-request';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import { streamThroughAdvisors } from '../advisors/advisor-chain';
import { ColdIterable } from '../loop/cold-iterable';

/** Options of `sse()`. */
export interface SseOptions {
  /**
   * Also set each message's SSE `type` to the event's type. Off by default, so that `EventSource.onmessage`
   * receives every event (tell them apart by `data.type`); on, listen with `addEventListener('text-delta', …)`.
   */
  readonly namedEvents?: boolean;
}

/**
 * The forms of `stream()`. Each iteration or subscription runs the request anew (they are cold); leaving an
 * iteration early, or unsubscribing, aborts the model stream and the running tools.
 */
export class StreamResponseSpec {
  /** @internal Made by `ChatClientRequestSpec.stream()`. */
  constructor(private readonly toRequest: () => ChatRequest) {}

  /** Every event of the call, in order (see `ChatStreamEvent`). */
  events(): AsyncIterable<ChatStreamEvent> {
    return new ColdIterable(() => streamThroughAdvisors(this.toRequest()));
  }

  /** The answer's text as it arrives. */
  content(): AsyncIterable<string> {
    return new ColdIterable(() => textDeltas(streamThroughAdvisors(this.toRequest())));
  }

  /** The events as an RxJS `Observable`; unsubscribing aborts the call. */
  observable(): Observable<ChatStreamEvent> {
    return new Observable<ChatStreamEvent>((subscriber) => {
      const stop = new AbortController();
      let finished = false;
      void (async () => {
        try {
          const events = new ColdIterable(() => streamThroughAdvisors(this.toRequest(), stop.signal));
          for await (const event of events) {
            if (subscriber.closed) return;
            subscriber.next(event);
          }
          finished = true;
          subscriber.complete();
        } catch (error) {
          finished = true;
          subscriber.error(error);
        }
      })();
      return () => {
        if (!finished) stop.abort();
      };
    });
  }

  /**
   * The events as Nest `MessageEvent`s, for an `@Sse()` handler to return: `{ data: event }` (Nest serialises
   * `data` as JSON). A client that disconnects unsubscribes, which aborts the call. An error ends the stream; Nest
   * then sends an `error` event with a generic message and logs the error.
   */
  sse(options: SseOptions = {}): Observable<MessageEvent> {
    const named = options.namedEvents === true;
    return this.observable().pipe(
      map((event): MessageEvent => (named ? { type: event.type, data: event } : { data: event })),
    );
  }
}

async function* textDeltas(events: AsyncIterator<ChatStreamEvent>): AsyncGenerator<string> {
  for await (const event of new ColdIterable(() => events)) if (event.type === 'text-delta') yield event.text;
}
