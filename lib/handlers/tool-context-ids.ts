import { Injectable } from '@nestjs/common';
import { ContextIdFactory, ModuleRef, type ContextId } from '@nestjs/core';
import type { ToolContext, ToolContextExecution } from '../tool/tool-context';

/**
 * The DI sub-tree (context id) a tool call resolves request-scoped and durable providers in — the tool's instance
 * and its guards, interceptors, pipes and filters alike: the HTTP request's when the call has one, so that they
 * share instances with the rest of the request and `@Inject(REQUEST)` sees it; else one per conversation (the chat
 * call); else a fresh one per call.
 */
@Injectable()
export class ToolContextIds {
  private readonly byRequest = new WeakMap<object, ContextId>();
  private readonly byConversation = new WeakMap<object, ContextId>();

  constructor(private readonly moduleRef: ModuleRef) {}

  of(context: ToolContext): ContextId {
    return this.contextIdOf(context.execution);
  }

  private contextIdOf(execution: ToolContextExecution | undefined): ContextId {
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
