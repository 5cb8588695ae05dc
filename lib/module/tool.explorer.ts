import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatModel } from '../chat/model/chat-model';
import { readDiscoveryOptions } from './tool-calling-module-options.check';
import { TOOL_NAME_PATTERN } from '../tool-calling.constants';
import { ToolMetadataAccessor } from '../tool/decorators/tool-metadata.accessor';
import { shareToolCallbacksOfObject } from '../tool/method/tool-object-callbacks';
import { ToolHandlerFactory } from '../handlers/tool-handler.factory';
import type { MethodToolCallback } from '../tool/method/method-tool-callback';
import { staticToolCallbacksOf } from '../tool/method/static-tool-methods';
import type { ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import { sourceOf } from '../tool/tool-name-registry';
import { DiscoveredToolsCollector, type DiscoveredTools } from './discovered-tools';
import { ScopedToolTargetResolver } from './scoped-tool-target.resolver';
import {
  addToolArray,
  CALLBACK_METHODS,
  classesDeclareTools,
  declaresMethods,
  PROVIDER_METHODS,
} from './tool-provider-shapes';
import { McpToolCallbackProvider } from '../mcp/client/mcp-tool-callback-provider';
import { ToolCallbackRegistry } from './tool-callback.registry';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';
import { ModuleMessages, tokenName } from '../errors/messages/module.messages';
import { InjectChatModel, InjectToolCallingModuleOptions } from './tool-calling-module.tokens';
import { reportStartup, warnOfApprovalsWithoutCallerId } from './startup-report';

type InstanceWrapper = ReturnType<DiscoveryService['getProviders']>[number];

interface ToolMethod {
  readonly methodName: string;
  /** The class whose prototype carries the `@Tool` metadata: the original class behind a subclassing wrapper. */
  readonly declaringClass: Function;
}

/**
 * Finds the tools of the application once, at bootstrap, in one pass over the providers and controllers.
 *
 * It runs in `onApplicationBootstrap`, after every module's `onModuleInit`, so static `ToolCallbackProvider`s that
 * set themselves up in `onModuleInit` are ready; and, the module being global (or imported, hence deeper), before
 * the `onApplicationBootstrap` of the modules that use the tools.
 *
 * Scopes: default-scope instances are bound once. Request-scoped, durable and transient providers get callbacks
 * that resolve the instance per call (see `ScopedToolTargetResolver`): transient ones are resolved like
 * request-scoped ones, so a conversation keeps one instance of its own and never borrows one injected elsewhere.
 */
@Injectable()
export class ToolExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('ToolCallingModule');
  private readonly methodsByClass = new WeakMap<Function, readonly ToolMethod[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly registry: ToolCallbackRegistry,
    private readonly targets: ScopedToolTargetResolver,
    private readonly handlers: ToolHandlerFactory,
    @InjectToolCallingModuleOptions() private readonly options: ToolCallingModuleOptions,
    @InjectChatModel() private readonly chatModel: ChatModel,
    private readonly mcpTools: McpToolCallbackProvider,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const tools = await this.explore();
    this.registry.load(tools);
    reportStartup(this.logger, tools, this.chatModel);
    warnOfApprovalsWithoutCallerId(this.logger, tools, this.options);
  }

  async explore(): Promise<DiscoveredTools> {
    const found = new DiscoveredToolsCollector();
    const { timeoutMs, discovery } = readDiscoveryOptions(this.options, found);
    found.addProvider(this.mcpTools, 'the MCP servers of the ToolCallingModule options');
    if (discovery) {
      for (const wrapper of this.discovery.getProviders()) this.visitSafely(wrapper, found);
      for (const wrapper of this.discovery.getControllers()) this.visitSafely(wrapper, found);
    }
    return found.build(timeoutMs);
  }

  /**
   * A provider whose inspection throws (a `Proxy` whose traps refuse to describe it, say) is skipped with a
   * warning: it is most likely not about tools, and must not stop the application.
   */
  private visitSafely(wrapper: InstanceWrapper, found: DiscoveredToolsCollector): void {
    try {
      this.visit(wrapper, found);
    } catch (error) {
      const provider = `provider ${tokenName(wrapper.token)} in ${moduleOf(wrapper)}`;
      if (classesDeclareTools([wrapper.metatype, wrapper.token])) {
        const message = ModuleMessages.toolProviderNotInspectable(provider, error);
        found.addProblem(new ToolDefinitionError(message, provider, { cause: error }));
      } else this.logger.warn(ModuleMessages.providerNotInspectable(provider, error));
    }
  }

  private visit(wrapper: InstanceWrapper, found: DiscoveredToolsCollector): void {
    const instance: unknown = wrapper.instance;
    // An alias (useExisting) stands for a provider met on its own; the registry is ours and not a provider of tools;
    // the MCP provider is added with the options.
    if (wrapper.isAlias || instance === null || instance === undefined) return;
    if (instance === this.registry || instance === this.mcpTools) return;
    const scoped = wrapper.isTransient || !wrapper.isDependencyTreeStatic();
    const token = wrapper.token as string | symbol | Function;
    if (typeof instance === 'function') {
      if (!scoped && typeof token === 'string' && TOOL_NAME_PATTERN.test(token) && !isClass(instance)) {
        // A function under a tool name is a tool without input: one that takes arguments is refused now, not when a
        // request first names it.
        if (instance.length === 0) found.addFunction(token, instance);
        else
          found.addProblem(new ToolDefinitionError(ModuleMessages.functionProviderTakesInput(token), token));
      }
      return;
    }
    if (typeof instance !== 'object') return;
    if (Array.isArray(instance)) {
      addToolArray(instance, `provider ${tokenName(token)} in ${moduleOf(wrapper)}`, scoped, found);
      return;
    }
    const type = ToolMetadataAccessor.classOf(instance);
    if (!type) return; // a null prototype: nothing declared
    const where = moduleOf(wrapper);
    const isCallback = declaresMethods(instance, CALLBACK_METHODS);
    if (isCallback || declaresMethods(instance, PROVIDER_METHODS)) {
      const provider = `provider ${tokenName(token)} in ${where}`;
      if (scoped)
        found.addProblem(new ToolDefinitionError(ModuleMessages.scopedToolProvider(provider), provider));
      else if (isCallback) {
        const callback = instance as ToolCallback;
        found.addCallback('container', callback, `${sourceOf(callback)} (${provider})`);
      } else
        found.addProvider(
          instance as ToolCallbackProvider,
          `ToolCallbackProvider ${tokenName(token)} in ${where}`,
        );
    }
    const built: MethodToolCallback[] = [];
    const methods = this.toolMethodsOf(type);
    for (const { methodName, declaringClass } of methods) {
      found.attempt(() => {
        const callback = this.handlers.create(
          scoped
            ? {
                targetClass: declaringClass,
                methodName,
                resolveTarget: (context) => this.targets.resolve(token, context),
              }
            : { target: instance, targetClass: declaringClass, methodName },
          this.options,
        );
        found.addCallback('container', callback, `${callback.source} in ${where}`);
        built.push(callback);
      });
    }
    // Static tools are called on their class: the same callbacks whatever the scope, however many instances.
    let statics: readonly ToolCallback[] = [];
    found.attempt(() => {
      statics = staticToolCallbacksOf(type);
      for (const callback of statics)
        found.addCallback('container', callback, `${sourceOf(callback)} in ${where}`);
    });
    if (!scoped && built.length + statics.length > 0 && built.length === methods.length)
      shareToolCallbacksOfObject(instance, [...built, ...statics]);
  }

  /** Worked out once per class, however many providers share it. */
  private toolMethodsOf(type: Function): readonly ToolMethod[] {
    let methods = this.methodsByClass.get(type);
    if (!methods) {
      methods = ToolMetadataAccessor.getToolMethodNames(type).map((methodName) => ({
        methodName,
        declaringClass: declaringClassOf(type, methodName),
      }));
      this.methodsByClass.set(type, methods);
    }
    return methods;
  }
}

/**
 * The class that declared the `@Tool` method: up the prototype chain as long as the ancestor sees the same
 * metadata. A subclassing wrapper (a tracing or caching mixin) that overrides the method is thereby seen through:
 * the parameters and schema come from the original, while calls still go through the wrapper.
 */
function declaringClassOf(type: Function, methodName: string): Function {
  let prototype = type.prototype as object;
  const options = ToolMetadataAccessor.getToolOptions(prototype, methodName);
  for (
    let parent = Object.getPrototypeOf(prototype) as object | null;
    parent &&
    parent !== Object.prototype &&
    ToolMetadataAccessor.getToolOptions(parent, methodName) === options;
    parent = Object.getPrototypeOf(parent) as object | null
  ) {
    prototype = parent;
  }
  return prototype.constructor;
}

function moduleOf(wrapper: InstanceWrapper): string {
  return wrapper.host?.metatype?.name ?? 'an unknown module';
}

function isClass(fn: Function): boolean {
  return /^class\b/.test(Function.prototype.toString.call(fn));
}
