/**
 * `fetch` with a signal of its own per request, tied to the caller's signal until the response's body is done (read
 * to its end, failed or cancelled). The SDK's HTTP transport passes one long-lived signal to every request, and
 * undici lets go of its listener on it only when the request is garbage-collected: thousands of calls would pile up
 * listeners (and the warning about them). The link outlives the headers because a body may stream for as long as
 * the session lives (the SSE stream of a GET, a POST answered as SSE): `close()` aborts the caller's signal and must
 * reach it, or its socket keeps the process alive.
 */
export async function abortScopedFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const outer = init.signal;
  if (!outer) return fetch(url, init);
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener('abort', onAbort, { once: true });
  const release = () => outer.removeEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    release();
    throw error;
  }
  // Only a success streams on; the SDK reads or cancels any other body at once.
  if (response.body === null || !response.ok) {
    release();
    return response;
  }
  return new Response(releasedWhenDone(response.body, release), response);
}

/** The same bytes; `release` runs once when the body ends, fails or is cancelled. */
function releasedWhenDone(body: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}
