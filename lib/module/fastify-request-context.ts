import type { HttpAdapterHost } from '@nestjs/core';
import type { HttpResponseLike, RequestContextHolder } from './request-context.holder';

interface FastifyLike {
  addHook(
    name: 'onRequest',
    hook: (request: object, reply: { raw: HttpResponseLike }, done: () => void) => void,
  ): unknown;
}

/**
 * On `@nestjs/platform-fastify`, makes each `FastifyRequest` (what handlers get with `@Req()` and request-scoped
 * providers with `REQUEST`) the current request, from an `onRequest` hook: Nest's middleware only sees the Node
 * request under it. Does nothing on other platforms.
 */
export function bindFastifyRequests(adapterHost: HttpAdapterHost, holder: RequestContextHolder): void {
  const adapter = adapterHost.httpAdapter;
  if (adapter === undefined || adapter.getType() !== 'fastify') return;
  const instance = adapter.getInstance<FastifyLike>();
  instance.addHook('onRequest', (request, reply, done) => holder.run(request, done, reply.raw));
}
