import { Injectable, type NestMiddleware } from '@nestjs/common';
import { RequestContextHolder } from './request-context.holder';

/**
 * Makes each HTTP request the current one for the rest of its handling. A middleware rather than an interceptor:
 * middleware runs before guards, and `next()` starts the rest of the chain inside the async context.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly holder: RequestContextHolder) {}

  use(request: object, _response: unknown, next: (error?: unknown) => void): void {
    this.holder.run(request, next);
  }
}
