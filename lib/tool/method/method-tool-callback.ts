import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import { InvocableToolCallback } from '../invocable-tool-callback';
import { ToolContext } from '../tool-context';
import { inspectToolMethod, type ToolMethodPlan } from './tool-method.inspector';

export interface MethodToolCallbackOptions {
  /**
   * The instance whose method is called; may be a `Proxy` or an instance of a subclass. A class stands for its
   * static `@Tool` method, called on the class.
   */
  target?: object;
  /** The class to read the `@Tool` metadata from; defaults to the real class of `target`. */
  targetClass?: Function;
  methodName: string;
  /**
   * Resolves the instance on each call instead of using `target`: for request-scoped providers, whose instance
   * belongs to the request the call was made for.
   */
  resolveTarget?: (context: ToolContext) => object | Promise<object>;
}

/** A tool backed by one `@Tool` method of one provider instance. */
export class MethodToolCallback extends InvocableToolCallback<unknown[]> {
  private readonly plan: ToolMethodPlan;
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
    this.target = options.target;
    this.resolveTarget = options.resolveTarget;
  }

  /** A callback for `instance[methodName]`, or for the static method `TheClass[methodName]`. */
  static from(instance: object, methodName: string): MethodToolCallback {
    return new MethodToolCallback({ target: instance, methodName });
  }

  /** `Class.method` this tool comes from. */
  get source(): string {
    return this.plan.source;
  }

  protected bind(input: Record<string, unknown>, toolName: string): unknown[] | Promise<unknown[]> {
    return this.plan.toArguments(input, toolName);
  }

  /** Synchronous when the target is known and the method is: the caller awaits only what is a promise. */
  protected invoke(args: unknown[], context: ToolContext | undefined): unknown {
    const plan = this.plan;
    if (plan.contextIndex >= 0)
      args[plan.contextIndex] = (context ?? ToolContext.empty()).forTool(plan.definition.name);
    if (this.target !== undefined) return callThrough(this.target, plan.methodName, args);
    return Promise.resolve(this.resolveTarget!(context ?? ToolContext.empty())).then((target) =>
      callThrough(target, plan.methodName, args),
    );
  }
}

/** Called through the instance, so that a Proxy's traps (interceptors, tracing) see the call. */
function callThrough(target: object, methodName: string, args: unknown[]): unknown {
  const method = (target as Record<string, Function>)[methodName];
  return method.apply(target, args);
}
