import type { ArgumentsHost, ContextType, ExecutionContext, Type } from '@nestjs/common';
import { NotAToolCallContextError } from '../errors/not-a-tool-call-context.error';
import type { ToolContext } from '../tool/tool-context';
import type { ToolCallArgs, ToolCallInfo } from './tool-call-arguments';

/** The type of a tool call's execution context: `context.getType<ToolContextType>() === 'tool'`. */
export type ToolContextType = 'tool' | ContextType;

/** What `getType()` returns for a tool call's execution context. */
export const TOOL_CONTEXT_TYPE = 'tool';

/**
 * The execution context of a tool call, for guards, interceptors, pipes and filters (after `GqlExecutionContext`):
 * `ToolExecutionContext.create(context)` gives the tool's name, the call's id, its arguments, the `ToolContext` and
 * the caller, the HTTP request the chat call serves. `getClass()` and `getHandler()` are the tool's class and
 * method, so `Reflector` reads `@SetMetadata()` decorators (`@Roles('admin')`) as on a controller.
 */
export class ToolExecutionContext implements ExecutionContext {
  private constructor(private readonly host: ArgumentsHost) {}

  /** Throws `NotAToolCallContextError` for the context of anything but a tool call. */
  static create(context: ArgumentsHost): ToolExecutionContext {
    const type = context.getType<ToolContextType>();
    if (type !== TOOL_CONTEXT_TYPE) throw new NotAToolCallContextError(type);
    return new ToolExecutionContext(context);
  }

  /** The name of the tool being called. */
  getToolName(): string {
    return this.info().toolName;
  }

  /** The id of the model's tool call; `undefined` when guards decide whether to offer the tool. */
  getToolCallId(): string | undefined {
    return this.info().toolCallId;
  }

  /**
   * The arguments the model sent, parsed and checked against the tool's schema; `undefined` when guards decide
   * whether to offer the tool (there is no call yet).
   */
  getArguments<T = Record<string, unknown>>(): T | undefined {
    return this.host.getArgs<ToolCallArgs>()[0] as T | undefined;
  }

  /** The `ToolContext` of the call (user, tenant…): what the app gave the chat call, never seen by the model. */
  getToolContext<T extends Record<string, unknown> = Record<string, unknown>>(): ToolContext<T> {
    return this.host.getArgs<ToolCallArgs>()[1] as unknown as ToolContext<T>;
  }

  /** The caller: the HTTP request the chat call serves (`undefined` outside one, say in a cron job). */
  getRequest<T = any>(): T {
    return this.info().request as T;
  }

  /** The class of the `@Tool` method, where class metadata (`@Roles()` on the class) is read. */
  getClass<T = any>(): Type<T> {
    return (this.host as ExecutionContext).getClass<T>();
  }

  /** The `@Tool` method, where handler metadata (`@Roles()` on the method) is read. */
  getHandler(): Function {
    return (this.host as ExecutionContext).getHandler();
  }

  /** The arguments the model sent, the `ToolContext`, and the `ToolCallInfo`, in that order. */
  getArgs<T extends any[] = any[]>(): T {
    return this.host.getArgs<T>();
  }

  /** One of `getArgs()`: the arguments, the `ToolContext`, then the `ToolCallInfo`. */
  getArgByIndex<T = any>(index: number): T {
    return this.host.getArgByIndex<T>(index);
  }

  /** As on Nest's `ArgumentsHost`; a tool call is not an RPC call, so its getters give the arguments host's values. */
  switchToRpc(): ReturnType<ArgumentsHost['switchToRpc']> {
    return this.host.switchToRpc();
  }

  /**
   * As on Nest's `ArgumentsHost`; a tool call is not an HTTP request (`getRequest()` gives the one the chat call
   * serves).
   */
  switchToHttp(): ReturnType<ArgumentsHost['switchToHttp']> {
    return this.host.switchToHttp();
  }

  /** As on Nest's `ArgumentsHost`; a tool call is not a WebSocket message. */
  switchToWs(): ReturnType<ArgumentsHost['switchToWs']> {
    return this.host.switchToWs();
  }

  /** `'tool'` for a tool call (`TOOL_CONTEXT_TYPE`). */
  getType<TContext extends string = ToolContextType>(): TContext {
    return this.host.getType<TContext>();
  }

  private info(): ToolCallInfo {
    return this.host.getArgs<ToolCallArgs>()[2];
  }
}
