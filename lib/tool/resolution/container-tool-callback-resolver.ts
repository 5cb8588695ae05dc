import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { ModuleMessages } from '../../errors/messages/module.messages';
import { FunctionToolCallback } from '../function/function-tool-callback';
import type { ToolCallback } from '../tool-callback';
import { indexByName } from '../tool-name-registry';
import type { ToolCallbackResolver } from './tool-callback-resolver';

/**
 * Resolves the tools found in the Nest container at bootstrap: `@Tool` methods of providers and controllers
 * (request-scoped and transient ones included: their callbacks resolve the instance per call), `ToolCallback`
 * providers, and plain functions registered under a tool name (`{ provide: 'now', useValue: () => ... }`), which
 * become tools without input when, and only when, they are asked for by that name.
 */
export class ContainerToolCallbackResolver implements ToolCallbackResolver {
  private readonly byName: ReadonlyMap<string, ToolCallback>;
  private readonly fromFunctions = new Map<string, ToolCallback>();

  constructor(
    callbacks: Iterable<ToolCallback>,
    /** Functions registered as providers, by their (string) token. */
    private readonly functions: ReadonlyMap<string, Function> = new Map(),
  ) {
    this.byName = indexByName(callbacks);
  }

  /** undefined { | The discovered or registered tool of this name, if any. */
  resolve(toolName: string): ToolCallback | undefined {
    return this.byName.get(toolName) ?? this.resolveFunction(toolName);
  }

  private resolveFunction(toolName: string): ToolCallback | undefined {
    const fn = this.functions.get(toolName);
    if (fn === undefined) return undefined;
    let callback = this.fromFunctions.get(toolName);
    if (callback === undefined) {
      if (fn.length > 0) {
        throw new ToolDefinitionError(ModuleMessages.functionProviderTakesInput(toolName), toolName);
      }
      callback = FunctionToolCallback.from({ name: toolName, fn: () => (fn as () => unknown)() });
      this.fromFunctions.set(toolName, callback);
    }
    return callback;
  }
}
