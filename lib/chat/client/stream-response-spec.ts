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
  /**
   * @internal Made by `ChatClientRequestSpec.stream()` and `resumeStream()`: `run` starts one run of the call,
   * which `stop` aborts.
   */
  constructor(private readonly run: (stop?: AbortSignal) => AsyncIterator<ChatStreamEvent>) {}

  /** @internal The spec of a request's run through its advisors. */
  static of(toRequest: () => ChatRequest): StreamResponseSpec {
    return new StreamResponseSpec((stop) => streamThroughAdvisors(toRequest(), stop));
  }

  /** Every event of the call, in order (see `ChatStreamEvent`). */
  events(): AsyncIterable<ChatStreamEvent> {
    return new ColdIterable(() => this.run());
  }

  /**
   * The events of one run, which `stop` aborts at once (the model request and the running tools), as `observable()`
   * does when unsubscribed. For the frontend protocols, which stop a run on a client's disconnect or stop request.
   * @internal
   */
  eventsUntil(stop: AbortSignal): AsyncIterable<ChatStreamEvent> {
    return new ColdIterable(() => this.run(stop));
  }

  /** The answer's text as it arrives. */
  content(): AsyncIterable<string> {
    return new ColdIterable(() => textDeltas(this.run()));
  }

  /** The events as an RxJS `Observable`; unsubscribing aborts the call. */
  observable(): Observable<ChatStreamEvent> {
    return new Observable<ChatStreamEvent>((subscriber) => {
      const stop = new AbortController();
      let finished = false;
      void (async () => {
        try {
          const events = new ColdIterable(() => this.run(stop.signal));
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
