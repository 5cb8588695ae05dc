import { UnknownToolNamesError } from '../../errors/unknown-tool-names.error';
import type { InternalToolExecution } from './tool-execution-eligibility';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import type { ToolCallbackResolver } from '../../tool/resolution/tool-callback-resolver';
import { isToolCallback, type ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { ToolDefinition } from '../../tool/tool-definition';
import { indexByName } from '../../tool/tool-name-registry';
import type { ChatTelemetry } from '../ports/chat-telemetry';
import { isThenable } from '../../util/thenable';
import type { ToolCallHooks } from './tool-call-hooks';
import {
  hooksList,
  resolveLimits,
  type ResolvedToolCallingLimits,
  type ToolCallingManagerOptions,
} from './tool-calling-manager-options';
import type { ToolRoundInput, ToolExecutionResult } from './tool-execution-result';
import { assertToolCallbackSource, assertValidCallbackName } from './tool-callback-sources';
import { ToolRound, type ToolRoundSettings } from './tool-round';
import {
  isStillValid,
  ToolResolutionCache,
  type ToolCallbackSource,
  type ToolResolution,
} from './tool-resolution-cache';
import { visibleToolCallbacks } from './tool-visibility';
import type { ToolContext } from '../../tool/tool-context';
import type { AbortLike } from './run-abort';
import { roundAbortOf } from './run-round-input';

const NO_SOURCES: readonly ToolCallbackSource[] = Object.freeze([]);

/** Positions of the providers among the sources; refuses what is neither a callback nor a provider. */
function providerPositions(sources: readonly ToolCallbackSource[]): number[] {
  const positions: number[] = [];
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i];
    if (isToolCallback(source)) continue;
    assertToolCallbackSource(source);
    positions.push(i);
  }
  return positions;
}

/** The tools attached to one request, before resolution. */
export interface ToolSelection {
  /** Callbacks, and providers asked for theirs now (each once). */
  readonly toolCallbacks?: readonly (ToolCallback | ToolCallbackProvider)[];
  /** Names resolved through the manager's resolver; a name already among the callbacks is not looked up. */
  readonly toolNames?: readonly string[];
  /**
   * An object under which the manager keeps this selection's resolution, and returns it again on the next call
   * with the same key and the same sources, as long as the providers give the same callbacks. A `ChatClient`
   * passes one key for its defaults; without a key nothing is kept.
   */
  readonly resolutionKey?: object;
}

// Set by the class's static block: `executeRound()` reads a manager's private settings, `resolveTools()` resolves
// through its private `resolveSources()`.
let settingsOf: (manager: ToolCallingManager) => ToolRoundSettings;
let resolveSourcesOf: (
  manager: ToolCallingManager,
  selection: ToolSelection,
) => ReadonlyMap<string, ToolCallback> | Promise<ReadonlyMap<string, ToolCallback>>;

/**
 * Resolves the tools of a request and runs the tool calls of a model response (Spring AI's `ToolCallingManager`).
 * Only the tools attached to the request can run: a name the model invents becomes an error result listing the
 * available names, and is never looked up anywhere else.
 */
export class ToolCallingManager {
  /** The bounds of each chat call, every default filled in. */
  readonly limits: ResolvedToolCallingLimits;
  /** Whether a `ChatClient` runs the model's tool calls itself, or a predicate deciding per response (unless a request says otherwise). */
  readonly internalToolExecution: InternalToolExecution;
  /** What records the chat calls run with this manager; `undefined` when nothing does. */
  readonly telemetry: ChatTelemetry | undefined;
  private readonly resolver?: ToolCallbackResolver;
  private readonly settings: ToolRoundSettings;
  private readonly resolutions = new ToolResolutionCache();

  /** Throws `ToolCallingOptionsError` for a limit that cannot work. */
  constructor(options: ToolCallingManagerOptions = {}) {
    this.limits = resolveLimits(options.limits);
    this.resolver = options.resolver;
    this.internalToolExecution = options.internalToolExecution ?? true;
    this.telemetry = options.telemetry || undefined;
    this.settings = {
      limits: this.limits,
      processor: options.exceptionProcessor ?? new DefaultToolExecutionExceptionProcessor(),
      hooks: hooksList(options.hooks),
    };
  }

  /**
   * The callbacks of a request, by name: every callback, every provider's callbacks (providers are asked now, in
   * parallel), and each name resolved through the resolver. Throws `DuplicateToolNameError` when two different
   * tools share a name (the same callback given twice is kept once), and `UnknownToolNamesError` naming every name
   * that does not resolve. With a `resolutionKey` and no names, when the sources yield the very same callbacks as on
   * the previous resolution under that key, that resolution's map is returned again.
   */
  async resolveToolCallbacks(selection: ToolSelection): Promise<ReadonlyMap<string, ToolCallback>> {
    return this.resolveSources(selection);
  }

  /** `resolveToolCallbacks` with no promise when no provider answers with one (a chat run's way, see `resolveTools`). */
  private resolveSources(
    selection: ToolSelection,
  ): ReadonlyMap<string, ToolCallback> | Promise<ReadonlyMap<string, ToolCallback>> {
    const sources = selection.toolCallbacks ?? NO_SOURCES;
    const names = selection.toolNames;
    const key = selection.resolutionKey;
    const reusable = key !== undefined && (names === undefined || names.length === 0) && sources.length > 0;
    const last = reusable ? this.resolutions.lookup(key, sources) : undefined;
    const providers = last?.providers ?? providerPositions(sources);
    let asynchronous = false;
    const asked = providers.map((position) => {
      const callbacks = (sources[position] as ToolCallbackProvider).getToolCallbacks();
      asynchronous ||= isThenable(callbacks);
      return callbacks;
    });
    return asynchronous
      ? Promise.all(asked.map((callbacks) => Promise.resolve(callbacks))).then((results) =>
          this.resolveFrom(selection, sources, last, providers, results),
        )
      : this.resolveFrom(selection, sources, last, providers, asked as (readonly ToolCallback[])[]);
  }

  private resolveFrom(
    selection: ToolSelection,
    sources: readonly ToolCallbackSource[],
    last: ToolResolution | undefined,
    providers: readonly number[],
    results: readonly (readonly ToolCallback[])[],
  ): ReadonlyMap<string, ToolCallback> {
    if (last !== undefined && isStillValid(last, results)) return last.tools;
    const names = selection.toolNames;
    const key = selection.resolutionKey;

    const byName = new Map<string, ToolCallback>();
    let conflict = false;
    const add = (callback: ToolCallback): void => {
      const name = callback.getToolDefinition().name;
      const existing = byName.get(name);
      if (existing === undefined) {
        assertValidCallbackName(callback);
        byName.set(name, callback);
      } else if (existing !== callback) conflict = true;
    };
    for (let i = 0, p = 0; i < sources.length; i++) {
      if (i === providers[p]) for (const callback of results[p++]) add(callback);
      else add(sources[i] as ToolCallback);
    }
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
      if (missing) throw new UnknownToolNamesError(missing, this.resolver !== undefined);
    }
    if (conflict) {
      // The registry's error lists every source of every duplicated name.
      const all = sources.flatMap((source, i) =>
        isToolCallback(source) ? [source] : results[providers.indexOf(i)],
      );
      indexByName(new Set([...all, ...(resolved ?? [])]));
    }
    if (key !== undefined && (names === undefined || names.length === 0) && sources.length > 0)
      this.resolutions.remember(key, sources, providers, results, byName);
    return byName;
  }

  /**
   * The definitions sent to the model for these tools (see `resolveToolCallbacks`); with a context, only those of
   * the tools its caller may be offered (see `visibleToolCallbacks`).
   */
  async resolveToolDefinitions(selection: ToolSelection, context?: ToolContext): Promise<ToolDefinition[]> {
    let callbacks = await this.resolveToolCallbacks(selection);
    if (context) callbacks = await this.visibleToolCallbacks(callbacks, context);
    return Array.from(callbacks.values(), (callback) => callback.getToolDefinition());
  }

  /**
   * The tools the caller of `context` may be offered: a tool with `isVisible()` (a tool with guards) only when it
   * says so. A chat call sends the model only these and runs only these: a hidden tool is an unknown tool.
   */
  async visibleToolCallbacks(
    tools: ReadonlyMap<string, ToolCallback>,
    context: ToolContext,
  ): Promise<ReadonlyMap<string, ToolCallback>> {
    return visibleToolCallbacks(tools, context);
  }

  /**
   * Runs the tool calls of one model response and returns the next conversation history (Spring AI's
   * `executeToolCalls`). Failed calls (unknown tool, invalid JSON or arguments, a tool that threw or timed out)
   * become error results through the exception processor, unless it rethrows. Aborting `input.signal` aborts the
   * running tools and rejects with the signal's reason. A limit hit rejects with `ToolCallingLimitError` before
   * any call of the round runs (`onLimit: 'error'`), or gives the calls over the limit an error result.
   */
  executeToolCalls(input: ToolRoundInput): Promise<ToolExecutionResult> {
    try {
      return Promise.resolve(executeRound(this, input, roundAbortOf(input)));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  static {
    settingsOf = (manager) => manager.settings;
    resolveSourcesOf = (manager, selection) => manager.resolveSources(selection);
  }

  /** The manager's own hooks (they run before a request's). */
  get hooks(): readonly ToolCallHooks[] {
    return this.settings.hooks;
  }
}

/**
 * A round as a chat run asks for it: the manager's own, whose result comes at once, with no promise, when every
 * call answered synchronously (what `executeToolCalls()` rejects with may then be thrown), or the promise of the
 * `executeToolCalls` of a subclass that overrides it.
 */
export function runRound(
  manager: ToolCallingManager,
  input: ToolRoundInput,
): ToolExecutionResult | Promise<ToolExecutionResult> {
  return manager.executeToolCalls === ToolCallingManager.prototype.executeToolCalls
    ? executeRound(manager, input, roundAbortOf(input))
    : manager.executeToolCalls(input);
}

/**
 * A request's tools as a chat run asks for them: the manager's own resolution, whose map comes at once, with no
 * promise, when no provider answers with one (what `resolveToolCallbacks()` rejects with is then thrown), or the
 * promise of the `resolveToolCallbacks` of a subclass that overrides it.
 */
export function resolveTools(
  manager: ToolCallingManager,
  selection: ToolSelection,
): ReadonlyMap<string, ToolCallback> | Promise<ReadonlyMap<string, ToolCallback>> {
  return manager.resolveToolCallbacks === ToolCallingManager.prototype.resolveToolCallbacks
    ? resolveSourcesOf(manager, selection)
    : manager.resolveToolCallbacks(selection);
}

/**
 * One round of the manager's, aborted by `abort`: the chat run's light abort when a run made the input (see
 * `RunRoundInput`), else the input's signal.
 */
function executeRound(
  manager: ToolCallingManager,
  input: ToolRoundInput,
  abort: AbortLike | undefined,
): ToolExecutionResult | Promise<ToolExecutionResult> {
  const own = settingsOf(manager);
  const settings =
    input.hooks && input.hooks.length > 0 ? { ...own, hooks: own.hooks.concat(input.hooks) } : own;
  const tools =
    input.tools instanceof Map ? input.tools : indexByName(input.tools as readonly ToolCallback[]);
  return new ToolRound(input, tools, settings, abort).run();
}
