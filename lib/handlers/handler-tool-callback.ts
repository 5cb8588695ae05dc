import { Logger } from '@nestjs/common';
import type { ContextId, ExternalContextCreator } from '@nestjs/core';
import { ToolCallForbiddenError } from '../errors/tool-call-forbidden.error';
import {
  HandlerMessages,
  httpExceptionMessage,
  isHttpExceptionLike,
} from '../errors/messages/handlers.messages';
import { MethodToolCallback, type MethodToolCallbackOptions } from '../tool/method/method-tool-callback';
import type { ToolContext } from '../tool/tool-context';
import {
  defineToolArgsMetadata,
  TOOL_ARGS_METADATA,
  toolCallArgs,
  toolParamsFactory,
  VISIBLE,
  type ParamPositions,
} from './tool-call-arguments';
import type { ToolEnhancers } from './tool-enhancers';
import { TOOL_CONTEXT_TYPE } from './tool-execution-context';

type Handler = (...args: unknown[]) => Promise<unknown>;
type Stage = 'call' | 'visibility';

const logger = new Logger('ToolCallingModule');

/** What a `HandlerToolCallback` runs its calls with. */
export interface ToolHandlerRuntime {
  readonly contextCreator: ExternalContextCreator;
  /** The DI sub-tree of a call, for scoped tools and request-scoped enhancers. */
  contextIdOf(context: ToolContext): ContextId;
}

export interface HandlerToolCallbackOptions extends MethodToolCallbackOptions {
  readonly enhancers: ToolEnhancers;
  /** Offer the tool only to callers its guards let through (default `true`; only tools with guards). */
  readonly hideDenied?: boolean;
}

/**
 * A `@Tool` method that runs as a Nest handler: its guards, interceptors, pipes and filters (its own, its class's
 * and the global ones) run around each call through Nest's `ExternalContextCreator`, in a `'tool'` execution
 * context. The input is parsed and checked against the tool's schema first, so they see validated arguments; a
 * guard's denial becomes `ToolCallForbiddenError` ("not permitted"). With guards, `isVisible()` runs them for the
 * caller without arguments, so a caller they deny is not offered the tool.
 */
export class HandlerToolCallback extends MethodToolCallback {
  private readonly positions: ParamPositions;
  private readonly enhancers: ToolEnhancers;
  private readonly handlers = new Map<Stage, Handler>();
  private failureLogged = false;
  /** Present only for a tool with guards and visibility on: the loop skips the check for the others. */
  readonly isVisible?: (context: ToolContext) => Promise<boolean>;

  constructor(
    options: HandlerToolCallbackOptions,
    private readonly runtime: ToolHandlerRuntime,
  ) {
    super(options);
    this.enhancers = options.enhancers;
    this.positions = defineToolArgsMetadata(this.targetClass, this.plan);
    if (options.enhancers.guards && options.hideDenied !== false)
      this.isVisible = (context) => this.checkVisibility(context);
  }

  protected override async invokeMethod(
    target: object,
    args: unknown[],
    context: ToolContext,
    input: Record<string, unknown>,
  ): Promise<unknown> {
    const handler = this.handlerFor('call', target, context);
    try {
      return await handler(...toolCallArgs(input, context, context.toolCallId, args, this.positions));
    } catch (error) {
      throw this.denialOf(error) ?? error;
    }
  }

  private async checkVisibility(context: ToolContext): Promise<boolean> {
    const forTool = context.forTool(this.positions.toolName);
    try {
      const handler = this.handlerFor('visibility', await this.instanceFor(forTool), forTool);
      await handler(...toolCallArgs(undefined, forTool, undefined, undefined, this.positions));
    } catch (error) {
      if (error === VISIBLE) return true;
      if (this.denialOf(error) === undefined && !this.failureLogged) {
        this.failureLogged = true;
        logger.warn(HandlerMessages.visibilityCheckFailed(this.positions.toolName, error));
      }
      return false;
    }
    return true;
  }

  /** A guard's denial: Nest's `ForbiddenException`, or any `HttpException` with status 403. Never throws. */
  private denialOf(error: unknown): ToolCallForbiddenError | undefined {
    try {
      if (!isHttpExceptionLike(error) || error.getStatus() !== 403) return undefined;
      return new ToolCallForbiddenError(this.positions.toolName, httpExceptionMessage(error), {
        cause: error,
      });
    } catch {
      return undefined; // a hostile thrown value (a revoked proxy): not a denial, reported as it is
    }
  }

  /**
   * Nest's handler for the instance: made once for a static tool; per call in the call's DI sub-tree when the tool
   * or a global enhancer is request-scoped (as Nest does for request-scoped controllers).
   */
  private handlerFor(stage: Stage, target: object, context: ToolContext): Handler {
    const perCall = this.isScoped || this.enhancers.requestScopedGlobals;
    if (!perCall) {
      let handler = this.handlers.get(stage);
      if (!handler) this.handlers.set(stage, (handler = this.create(stage, target, undefined)));
      return handler;
    }
    return this.create(stage, target, this.runtime.contextIdOf(context));
  }

  private create(stage: Stage, target: object, contextId: ContextId | undefined): Handler {
    const methodName = this.plan.methodName;
    const method = (target as Record<string, (...args: unknown[]) => unknown>)[methodName];
    const visibility = stage === 'visibility';
    return this.runtime.contextCreator.create(
      target,
      method,
      methodName,
      TOOL_ARGS_METADATA,
      toolParamsFactory,
      contextId,
      undefined,
      // Filters only where some apply: Nest logs, with its stack, every error that no filter catches.
      { guards: true, interceptors: !visibility, filters: !visibility && this.enhancers.filters },
      TOOL_CONTEXT_TYPE,
    );
  }
}
