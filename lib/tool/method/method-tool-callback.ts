import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import { InvocableToolCallback } from '../invocable-tool-callback';
import { isAsyncGeneratorFunction } from '../tool-generator';
import { ToolContext } from '../tool-context';
import { inspectToolMethod, type ToolMethodPlan } from './tool-method.inspector';

/** How a `MethodToolCallback` finds its method and the instance to call it on. */
export interface MethodToolCallbackOptions {
  /**
   * The instance whose method is called; may be a `Proxy` or an instance of a subclass. A class stands for its
   * static `@Tool` method, called on the class.
   */
  target?: object;
  /** The class to read the `@Tool` metadata from; defaults to the real class of `target`. */
  targetClass?: Function;
  /** The `@Tool` method's name. */
  methodName: string;
  /**
   * Resolves the instance on each call instead of using `target`: for request-scoped providers, whose instance
   * belongs to the request the call was made for.
   */
  resolveTarget?: (context: ToolContext) => object | Promise<object>;
}

/** A tool backed by one `@Tool` method of one provider instance. */
export class MethodToolCallback extends InvocableToolCallback<unknown[]> {
  /** @internal How the method is called (its definition, parameters, binding). */
  protected readonly plan: ToolMethodPlan;
  /** The class the `@Tool` metadata is read from. */
  readonly targetClass: Function;
  private readonly target?: object;
  private readonly resolveTarget?: (context: ToolContext) => object | Promise<object>;

  constructor(options: MethodToolCallbackOptions) {
    const isStatic = typeof options.target === 'function';
    const type = isStatic
      ? (options.target as Function)
      : (options.targetClass ?? (options.target ? ToolMetadataAccessor.classOf(options.target) : undefined));
    if (!type)
      throw new ToolDefinitionError(`the class of the tool method "${options.methodName}" cannot be found`);
    if (!options.target && !options.resolveTarget) {
      throw new ToolDefinitionError(
        `${type.name}.${options.methodName}: a method tool needs a target or resolveTarget`,
      );
    }
    const plan = inspectToolMethod(type, options.methodName, isStatic);
    super(plan, plan.contextIndex >= 0);
    this.plan = plan;
    this.targetClass = type;
    this.target = options.target;
    this.resolveTarget = options.resolveTarget;
    // The method has no ToolContext parameter and its instance is known: only a subclass could read the context.
    // A generator method is closed when the call's signal aborts, and reports its preliminary results through it.
    this.readsCallContext = !(
      plan.contextIndex < 0 &&
      !isAsyncGeneratorFunction(Reflect.get(isStatic ? type : type.prototype, options.methodName)) &&
      options.target !== undefined &&
      inherits(this, 'invoke') &&
      inherits(this, 'invokeMethod')
    );
  }

  /** A callback for `instance[methodName]`, or for the static method `TheClass[methodName]`. */
  static from(instance: object, methodName: string): MethodToolCallback {
    return new MethodToolCallback({ target: instance, methodName });
  }

  /** `Class.method` this tool comes from. */
  get source(): string {
    return this.plan.source;
  }

  /** @internal */
  protected bind(input: Record<string, unknown>, toolName: string): unknown[] | Promise<unknown[]> {
    return this.plan.toArguments(input, toolName);
  }

  /** Whether the instance is resolved per call (request-scoped, durable or transient provider). */
  get isScoped(): boolean {
    return this.target === undefined;
  }

  /** @internal Synchronous when the target is known and the method is: the caller awaits only what is a promise. */
  protected invoke(
    args: unknown[],
    context: ToolContext | undefined,
    input: Record<string, unknown>,
  ): unknown {
    const plan = this.plan;
    const scoped = context ?? ToolContext.empty();
    if (plan.contextIndex >= 0) args[plan.contextIndex] = scoped.forTool(plan.definition.name);
    if (this.target !== undefined) return this.invokeMethod(this.target, args, scoped, input);
    return Promise.resolve(this.resolveTarget!(scoped)).then((target) =>
      this.invokeMethod(target, args, scoped, input),
    );
  }

  /** @internal The instance whose method a call with this context runs. */
  protected instanceFor(context: ToolContext): object | Promise<object> {
    return this.target ?? this.resolveTarget!(context);
  }

  /** @internal Calls the method on the instance; a subclass may run it inside something (Nest's enhancers). */
  protected invokeMethod(
    target: object,
    args: unknown[],
    _context: ToolContext,
    _input: Record<string, unknown>,
  ): unknown {
    return callThrough(target, this.plan.methodName, args);
  }
}

/** Called through the instance, so that a Proxy's traps (interceptors, tracing) see the call. */
function callThrough(target: object, methodName: string, args: unknown[]): unknown {
  const method = (target as Record<string, Function>)[methodName];
  return method.apply(target, args);
}

/** Whether the callback runs MethodToolCallback's own `name` method, not a subclass's. */
function inherits(callback: MethodToolCallback, name: 'invoke' | 'invokeMethod'): boolean {
  return Reflect.get(callback, name) === Reflect.get(MethodToolCallback.prototype, name);
}
