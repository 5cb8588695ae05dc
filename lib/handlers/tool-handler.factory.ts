import { Injectable } from '@nestjs/common';
import { ApplicationConfig, ExternalContextCreator, ModuleRef } from '@nestjs/core';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import { HandlerMessages } from '../errors/messages/handlers.messages';
import { MethodToolCallback, type MethodToolCallbackOptions } from '../tool/method/method-tool-callback';
import { HandlerToolCallback, type ToolHandlerRuntime } from './handler-tool-callback';
import { ToolContextIds } from './tool-context-ids';
import {
  applicationConfigOf,
  enhancersOf,
  globalEnhancersOf,
  hasAny,
  type GlobalEnhancers,
} from './tool-enhancers';

/** How discovered `@Tool` methods run as Nest handlers (from the module options). */
export interface ToolHandlerSettings {
  /** Let global guards, interceptors, pipes and filters run around tool calls (default `true`). */
  readonly globalEnhancers?: boolean;
  /** Offer a tool with guards only to callers its guards let through (default `true`). */
  readonly hideDeniedTools?: boolean;
}

/**
 * Makes the callback of a discovered `@Tool` method: a `HandlerToolCallback` when enhancers apply to it (its own or
 * global ones, as registered when the application bootstraps), a plain `MethodToolCallback` otherwise — the
 * direct path, with nothing of Nest's pipeline to pay for.
 */
@Injectable()
export class ToolHandlerFactory {
  private globals?: GlobalEnhancers;
  private runtime?: ToolHandlerRuntime;

  constructor(
    private readonly contextCreator: ExternalContextCreator,
    private readonly moduleRef: ModuleRef,
    private readonly contextIds: ToolContextIds,
  ) {}

  create(options: MethodToolCallbackOptions, settings: ToolHandlerSettings = {}): MethodToolCallback {
    const useGlobals = settings.globalEnhancers !== false;
    const type = options.targetClass!;
    const method = (type.prototype as Record<string, Function>)[options.methodName];
    const enhancers = enhancersOf(type, method, (this.globals ??= this.readGlobals(useGlobals)));
    if (!hasAny(enhancers)) return new MethodToolCallback(options);
    return new HandlerToolCallback(
      { ...options, enhancers, hideDenied: settings.hideDeniedTools },
      (this.runtime ??= this.createRuntime(useGlobals)),
    );
  }

  private readGlobals(useGlobals: boolean): GlobalEnhancers {
    return globalEnhancersOf(applicationConfigOf(this.moduleRef), useGlobals);
  }

  private createRuntime(useGlobals: boolean): ToolHandlerRuntime {
    return {
      contextCreator: useGlobals ? this.contextCreator : this.contextCreatorWithoutGlobals(),
      contextIdOf: (context) => this.contextIds.of(context),
    };
  }

  /**
   * Nest's context creator reads the global enhancers from the container's `ApplicationConfig`: a creator over a
   * view of the container with an empty one runs only the tool's own enhancers.
   */
  private contextCreatorWithoutGlobals(): ExternalContextCreator {
    const container = (this.moduleRef as unknown as { container?: object }).container;
    if (!container) throw new ToolDefinitionError(HandlerMessages.globalEnhancersCannotBeOff);
    const empty = new ApplicationConfig();
    const view = new Proxy(container, {
      get: (target, property) =>
        property === 'applicationConfig' ? empty : (Reflect.get(target, property, target) as unknown),
    });
    return ExternalContextCreator.fromContainer(
      view as Parameters<typeof ExternalContextCreator.fromContainer>[0],
    );
  }
}
