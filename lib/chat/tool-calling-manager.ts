import { ToolNameResolutionError } from '../errors/tool-name-resolution.error';
import { DefaultToolExecutionExceptionProcessor } from '../tool/execution/default-tool-execution-exception-processor';
import type { ToolCallbackResolver } from '../tool/resolution/tool-callback-resolver';
import { isToolCallback, type ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import type { ToolDefinition } from '../tool/tool-definition';
import { indexByName } from '../tool/tool-name-registry';
import type { ToolCallHooks } from './tool-call-hooks';
import {
  hooksList,
  resolveLimits,
  type ResolvedToolCallingLimits,
  type ToolCallingManagerOptions,
} from './tool-calling-manager-options';
import type { ToolExecutionInput, ToolExecutionResult } from './tool-execution-result';
import { assertToolCallbackSource } from './tool-objects';
import { ToolRound, type ToolRoundSettings } from './tool-round';

/** The tools attached to one request, before resolution. */
export interface ToolSelection {
  /** Callbacks, and providers asked for theirs now (each once). */
  readonly toolCallbacks?: readonly (ToolCallback | ToolCallbackProvider)[];
  /** Names resolved through the manager's resolver; a name already among the callbacks is not looked up. */
  readonly toolNames?: readonly string[];
}

/**
 * Resolves the tools of a request and runs the tool calls of a model response (Spring AI's `ToolCallingManager`).
 * Only the tools attached to the request can run: a name the model invents becomes an error result listing the
 * available names, and is never looked up anywhere else.
 */
export class ToolCallingManager {
  readonly limits: ResolvedToolCallingLimits;
  /** Whether a `ChatClient` runs the model's tool calls itself (unless a request says otherwise). */
  readonly internalToolExecution: boolean;
  private readonly resolver?: ToolCallbackResolver;
  private readonly settings: ToolRoundSettings;

  /** Throws `ToolCallingOptionsError` for a limit that cannot work. */
  constructor(options: ToolCallingManagerOptions = {}) {
    this.limits = resolveLimits(options.limits);
    this.resolver = options.resolver;
    this.internalToolExecution = options.internalToolExecution ?? true;
    this.settings = {
      limits: this.limits,
      processor: options.exceptionProcessor ?? new DefaultToolExecutionExceptionProcessor(),
      hooks: hooksList(options.hooks),
    };
  }

  /**
   * The callbacks of a request, by name: every callback, every provider's callbacks (providers are asked now, in
   * parallel), and each name resolved through the resolver. Throws `DuplicateToolNameError` when two different
   * tools share a name (the same callback given twice is kept once), and `ToolNameResolutionError` naming every name
   * that does not resolve.
   */
  async resolveToolCallbacks(selection: ToolSelection): Promise<ReadonlyMap<string, ToolCallback>> {
    const parts: (ToolCallback | readonly ToolCallback[] | Promise<readonly ToolCallback[]>)[] = [];
    let asynchronous = false;
    for (const source of selection.toolCallbacks ?? []) {
      if (isToolCallback(source)) {
        parts.push(source);
      } else {
        assertToolCallbackSource(source);
        const callbacks = source.getToolCallbacks();
        asynchronous ||= typeof (callbacks as Promise<unknown>).then === 'function';
        parts.push(callbacks);
      }
    }
    const settled = asynchronous
      ? await Promise.all(parts)
      : (parts as (ToolCallback | readonly ToolCallback[])[]);
    const byName = new Map<string, ToolCallback>();
    let conflict = false;
    const add = (callback: ToolCallback): void => {
      const name = callback.getToolDefinition().name;
      const existing = byName.get(name);
      if (existing === undefined) byName.set(name, callback);
      else if (existing !== callback) conflict = true;
    };
    for (const part of settled) {
      if (Array.isArray(part)) for (const callback of part) add(callback);
      else add(part as ToolCallback);
    }
    const names = selection.toolNames;
    let resolved: ToolCallback[] | undefined;
    if (names && names.length > 0) {
      let missing: string[] | undefined;
      for (const name of names) {
        if (byName.has(name)) continue;
        const callback = this.resolver?.resolve(name);
        if (callback) {
          add(callback);
          (resolved ??= []).push(callback);
        } else (missing ??= []).push(name);
      }
      if (missing) throw new ToolNameResolutionError(missing, this.resolver !== undefined);
    }
    // The registry's error lists every source of every duplicated name.
    if (conflict) indexByName(new Set([...settled, ...(resolved ?? [])].flat() as ToolCallback[]));
    return byName;
  }

  /** The definitions sent to the model for these tools (see `resolveToolCallbacks`). */
  async resolveToolDefinitions(selection: ToolSelection): Promise<ToolDefinition[]> {
    const callbacks = await this.resolveToolCallbacks(selection);
    return Array.from(callbacks.values(), (callback) => callback.getToolDefinition());
  }

  /**
   * Runs the tool calls of one model response and returns the next conversation history (Spring AI's
   * `executeToolCalls`). Failed calls (unknown tool, invalid JSON or arguments, a tool that threw or timed out)
   * become error results through the exception processor, unless it rethrows. Aborting `input.signal` aborts the
   * running tools and rejects with the signal's reason. A limit hit rejects with `ToolCallingLimitError` before
   * any call of the round runs (`onLimit: 'error'`), or gives the calls over the limit an error result.
   */
  executeToolCalls(input: ToolExecutionInput): Promise<ToolExecutionResult> {
    const settings =
      input.hooks && input.hooks.length > 0
        ? { ...this.settings, hooks: this.settings.hooks.concat(input.hooks) }
        : this.settings;
    try {
      const tools =
        input.tools instanceof Map ? input.tools : indexByName(input.tools as readonly ToolCallback[]);
      return new ToolRound(input, tools, settings).run();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The manager's own hooks (they run before a request's). */
  get hooks(): readonly ToolCallHooks[] {
    return this.settings.hooks;
  }
}
