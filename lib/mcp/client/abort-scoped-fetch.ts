/**
 * `fetch` with a signal of its own per request, tied to the caller's signal only until the request settles. The
 * SDK's HTTP transport passes one long-lived signal to every request, and undici lets go of its listener on it
 * only when the request is garbage-collected: thousands of calls pile up listeners (and the warning about them).
 */
export function abortScopedFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const outer = init.signal;
  if (!outer) return fetch(url, init);
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener('abort', onAbort, { once: true });
  return fetch(url, { ...init, signal: controller.signal }).finally(() =>
    outer.removeEventListener('abort', onAbort),
  );
}
