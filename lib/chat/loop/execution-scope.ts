/** What identifies the execution a chat call serves: the HTTP request, when there is one. */
export interface ChatExecutionScope {
  readonly request?: unknown;
  /**
   * Aborts the chat call when it aborts, like the request's own `.signal()` (the module gives the signal of the HTTP
   * request's connection: the call stops when the client hangs up).
   */
  readonly signal?: AbortSignal;
}

/**
 * Asked once per `call()`/`stream()` for the current execution scope (the module points it at an
 * `AsyncLocalStorage` holding the HTTP request). A request's `.request(req)` takes precedence.
 */
export type ExecutionScopeProvider = () => ChatExecutionScope | undefined;
