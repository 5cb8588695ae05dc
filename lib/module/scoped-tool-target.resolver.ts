import { Injectable } from '@nestjs/common';
import { ContextIdFactory, ModuleRef, type ContextId } from '@nestjs/core';
import type { ToolContext, ToolExecutionScope } from '../tool/tool-context';

/**
 * Finds the instance of a request-scoped, durable or transient provider that one tool call must use. The context id
 * (the DI sub-tree) is the HTTP request's when the call has one, so the tool shares its instances with the rest of
 * the request and `@Inject(REQUEST)` sees it; else one per conversation (the chat call); else a fresh one per call.
 */
@Injectable()
export class ScopedToolTargetResolver {
  private readonly byRequest = new WeakMap<object, ContextId>();
  private readonly byConversation = new WeakMap<object, ContextId>();

  constructor(private readonly moduleRef: ModuleRef) {}

  resolve(token: string | symbol | Function, context: ToolContext): Promise<object> {
    return this.moduleRef.resolve<unknown, object>(token, this.contextIdOf(context.execution), {
      strict: false,
    });
  }

  private contextIdOf(execution: ToolExecutionScope | undefined): ContextId {
    if (!execution) return ContextIdFactory.create();
    const { request, conversation } = execution;
    if (isObject(request)) {
      let contextId = this.byRequest.get(request);
      if (!contextId) {
        // The request's own id when a request-scoped controller already made one (or a ContextIdStrategy applies).
        contextId = ContextIdFactory.getByRequest(request);
        this.moduleRef.registerRequestByContextId(request, contextId);
        this.byRequest.set(request, contextId);
      }
      return contextId;
    }
    if (!isObject(conversation)) return ContextIdFactory.create();
    let contextId = this.byConversation.get(conversation);
    if (!contextId) this.byConversation.set(conversation, (contextId = ContextIdFactory.create()));
    return contextId;
  }
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}
