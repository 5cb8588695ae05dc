/** What identifies the execution a chat call serves: the HTTP request, when there is one. */
export interface ExecutionScope {
  /** The HTTP request (Express or Fastify) the chat call serves; tools see it in their `ToolContext`. */
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
export type ExecutionScopeProvider = () => ExecutionScope | undefined;

/**
 * The old name of `ExecutionScope`.
 * @deprecated Renamed `ExecutionScope` in 0.2; this alias goes in 0.3.
 */
export type ChatExecutionScope = ExecutionScope;
