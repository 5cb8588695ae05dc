import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { ClientDisconnectedError } from '../errors/client-disconnected.error';

/** The part of Node's `ServerResponse` that tells whether the client went away before the response was complete. */
export interface HttpResponseLike {
  /** `true` once the whole response was sent. */
  readonly writableFinished: boolean;
  /** `true` once the connection is gone. */
  readonly destroyed: boolean;
  /** Calls the listener once the connection closes. */
  once(event: 'close', listener: () => void): unknown;
}

interface CurrentRequest {
  readonly request: object;
  readonly response?: HttpResponseLike;
  signal?: AbortSignal;
}

/**
 * The HTTP request being served, for code that has no access to it (a `ChatClient` call deep in a service). The
 * module fills it for every HTTP request (a middleware on Express, an `onRequest` hook on Fastify, where it holds
 * the `FastifyRequest`), so guards, interceptors, pipes, handlers and whatever they await all see it; outside an HTTP
 * request (a cron job, a message handler, bootstrap) there is none.
 */
@Injectable()
export class RequestContextHolder {
  private readonly storage = new AsyncLocalStorage<CurrentRequest>();

  /** The request of the current async context, or `undefined` outside an HTTP request. */
  currentRequest<TRequest extends object = object>(): TRequest | undefined {
    return this.storage.getStore()?.request as TRequest | undefined;
  }

  /**
   * A signal aborted (with a `ClientDisconnectedError`) when the client of the current HTTP request closes the
   * connection before the response is complete; `undefined` outside a request, or when `run()` had no response.
   * Made on first use, once per request.
   */
  disconnectSignal(): AbortSignal | undefined {
    const current = this.storage.getStore();
    if (current?.response === undefined) return undefined;
    return (current.signal ??= signalOfDisconnect(current.response));
  }

  /**
   * Runs `callback` with `request` as the current request (for transports the module does not cover); with the
   * Node response (`ServerResponse`) of the request, `disconnectSignal()` tells when its client goes away.
   */
  run<T>(request: object, callback: () => T, response?: HttpResponseLike): T {
    return this.storage.run({ request, response }, callback);
  }
}

function signalOfDisconnect(response: HttpResponseLike): AbortSignal {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!response.writableFinished) controller.abort(new ClientDisconnectedError());
  };
  if (response.destroyed) onClose();
  else response.once('close', onClose);
  return controller.signal;
}
