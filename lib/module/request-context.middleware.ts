import { Injectable, type NestMiddleware } from '@nestjs/common';
import { RequestContextHolder, type HttpResponseLike } from './request-context.holder';

/**
 * Makes each HTTP request the current one for the rest of its handling. A middleware rather than an interceptor:
 * middleware runs before guards, and `next()` starts the rest of the chain inside the async context. On Fastify the
 * middleware sees the Node request under the `FastifyRequest` the module's hook already made current, which stays.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly holder: RequestContextHolder) {}

  use(request: object, response: HttpResponseLike, next: (error?: unknown) => void): void {
    const current = this.holder.currentRequest<{ raw?: unknown }>();
    if (current !== undefined && current.raw === request) return next();
    this.holder.run(request, next, response);
  }
}
