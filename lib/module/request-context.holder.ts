import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';

/**
 * The HTTP request being served, for code that has no access to it (a `ChatClient` call deep in a service). The
 * module fills it for every HTTP request with a middleware, so guards, interceptors, pipes, handlers and whatever
 * they await all see it; outside an HTTP request (a cron job, a message handler, bootstrap) there is none.
 */
@Injectable()
export class RequestContextHolder {
  private readonly storage = new AsyncLocalStorage<object>();

  /** The request of the current async context, or `undefined` outside an HTTP request. */
  currentRequest<TRequest extends object = object>(): TRequest | undefined {
    return this.storage.getStore() as TRequest | undefined;
  }

  /** Runs `callback` with `request` as the current request (for transports the middleware does not cover). */
  run<T>(request: object, callback: () => T): T {
    return this.storage.run(request, callback);
  }
}
