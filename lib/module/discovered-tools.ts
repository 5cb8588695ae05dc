import { DuplicateToolNameError } from '../errors/duplicate-tool-name.error';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import { isToolCallback, type ToolCallback } from '../tool/tool-callback';
import type { ToolCallbackProvider } from '../tool/tool-callback-provider';
import { sourceOf } from '../tool/tool-name-registry';
import { assertValidToolName } from '../tool/tool-names';
import { hasFixedDefinition } from '../tool/fixed-definition';
import { assertValidInputSchema } from '../tool/schema/input-schema.check';
import { ToolDiscoveryError } from '../errors/tool-discovery.error';
import { ModuleMessages } from '../errors/messages/module.messages';

/** What the explorer found at bootstrap, checked as a whole. */
export interface DiscoveredTools {
  /** Callbacks from the module options and from static `ToolCallbackProvider`s. */
  readonly staticCallbacks: readonly ToolCallback[];
  /** `@Tool` methods of providers and controllers, and `ToolCallback` providers. */
  readonly containerCallbacks: readonly ToolCallback[];
  /** Plain functions registered as providers under a string token that is a valid tool name. */
  readonly functions: ReadonlyMap<string, Function>;
  /** `ToolCallbackProvider`s that are asked per request, never at bootstrap. */
  readonly lazyProviders: readonly ToolCallbackProvider[];
  /** Every callback by its tool name, static ones first (names are unique, or `build()` threw). */
  readonly byName: ReadonlyMap<string, ToolCallback>;
}

type Kind = 'static' | 'container';

interface PendingProvider {
  readonly provider: ToolCallbackProvider;
  readonly label: string;
}

interface Labelled {
  readonly callback: ToolCallback;
  /** Where it comes from, for error messages: `WeatherTools.getWeather in WeatherModule`. */
  readonly label: string;
}

/**
 * Collects the explorer's findings in one pass, with a label for each, and turns every problem into one
 * `ToolDiscoveryError`. The same object met twice (an options entry that is also a provider) counts once.
 */
export class DiscoveredToolsCollector {
  private readonly entries: Record<Kind, Labelled[]> = { static: [], container: [] };
  private readonly functions = new Map<string, Function>();
  private readonly lazyProviders: ToolCallbackProvider[] = [];
  private readonly pending: PendingProvider[] = [];
  private readonly problems = new Map<string, Error>();
  // A Set, not a WeakSet: the collector lives for one bootstrap, and weak entries cost the garbage collector.
  private readonly seen = new Set<object>();

  /** A callback whose name is not a valid tool name (a hand-written one) is a problem, named by its label. */
  addCallback(kind: Kind, callback: ToolCallback, label: string): void {
    if (this.seen.has(callback)) return;
    this.seen.add(callback);
    this.attempt(() => {
      const definition = callback.getToolDefinition();
      assertValidToolName(definition?.name, label);
      if (!hasFixedDefinition(callback)) assertValidInputSchema(definition.inputSchema, label);
      this.entries[kind].push({ callback, label });
    });
  }

  /** Static providers are asked in `build()`; lazy ones are kept for the requests that use them. */
  addProvider(provider: ToolCallbackProvider, label: string): void {
    if (this.seen.has(provider)) return;
    this.seen.add(provider);
    if (provider.isStatic === true) this.pending.push({ provider, label });
    else this.lazyProviders.push(provider);
  }

  addFunction(name: string, fn: Function): void {
    this.functions.set(name, fn);
  }

  /** Runs `step`, recording what it throws as a problem instead of stopping the pass. */
  attempt(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.addProblem(error);
    }
  }

  addProblem(error: unknown): void {
    const problem = error instanceof Error ? error : new ToolDefinitionError(String(error));
    // A class provided in several modules fails the same way each time: report it once.
    if (!this.problems.has(problem.message)) this.problems.set(problem.message, problem);
  }

  async build(staticProviderTimeoutMs: number): Promise<DiscoveredTools> {
    const settled = await Promise.all(this.pending.map((entry) => settle(entry, staticProviderTimeoutMs)));
    // In registration order, whatever order the providers answered in.
    settled.forEach(({ callbacks, problems }, index) => {
      for (const callback of callbacks)
        this.addCallback('static', callback, `${sourceOf(callback)} from ${this.pending[index].label}`);
      problems.forEach((problem) => this.addProblem(problem));
    });
    const { byName, duplicates } = indexByName(this.entries.static, this.entries.container);
    if (duplicates) this.addProblem(new DuplicateToolNameError(duplicates));
    if (this.problems.size > 0) throw new ToolDiscoveryError([...this.problems.values()]);
    return {
      staticCallbacks: Object.freeze(this.entries.static.map((entry) => entry.callback)),
      containerCallbacks: Object.freeze(this.entries.container.map((entry) => entry.callback)),
      functions: this.functions,
      lazyProviders: Object.freeze([...this.lazyProviders]),
      byName,
    };
  }
}

interface Settled {
  readonly callbacks: readonly ToolCallback[];
  readonly problems: readonly Error[];
}

/** Asks a static provider for its callbacks, within the time limit. */
async function settle(entry: PendingProvider, timeoutMs: number): Promise<Settled> {
  const { provider, label } = entry;
  let result: unknown;
  try {
    result = await withTimeout(
      Promise.resolve().then(() => provider.getToolCallbacks()),
      timeoutMs,
    );
  } catch (error) {
    const message = ModuleMessages.staticProviderFailed(label, error);
    return { callbacks: [], problems: [new ToolDefinitionError(message, label, { cause: error })] };
  }
  if (result === TIMED_OUT) {
    const message = ModuleMessages.staticProviderTimedOut(label, timeoutMs);
    return { callbacks: [], problems: [new ToolDefinitionError(message, label)] };
  }
  if (!Array.isArray(result)) {
    return {
      callbacks: [],
      problems: [new ToolDefinitionError(ModuleMessages.providerReturnedNonArray(label), label)],
    };
  }
  const callbacks: ToolCallback[] = [];
  const problems: Error[] = [];
  result.forEach((callback: unknown, index) => {
    if (isToolCallback(callback)) callbacks.push(callback);
    else
      problems.push(new ToolDefinitionError(ModuleMessages.providerReturnedNonCallback(label, index), label));
  });
  return { callbacks, problems };
}

/**
 * One pass over the entries: the callback of each name, and every name defined more than once with the labels of
 * all that define it (in the order the names were first met).
 */
function indexByName(...lists: readonly (readonly Labelled[])[]): {
  byName: Map<string, ToolCallback>;
  duplicates?: Map<string, string[]>;
} {
  const byName = new Map<string, ToolCallback>();
  const firstLabels = new Map<string, string>();
  let repeated: Map<string, string[]> | undefined;
  for (const entries of lists) {
    for (const { callback, label } of entries) {
      const name = callback.getToolDefinition().name;
      const first = firstLabels.get(name);
      if (first === undefined) {
        byName.set(name, callback);
        firstLabels.set(name, label);
        continue;
      }
      repeated ??= new Map();
      const labels = repeated.get(name);
      if (labels) labels.push(label);
      else repeated.set(name, [first, label]);
    }
  }
  if (!repeated) return { byName };
  const duplicates = new Map<string, string[]>();
  for (const name of firstLabels.keys()) {
    const labels = repeated.get(name);
    if (labels) duplicates.set(name, labels);
  }
  return { byName, duplicates };
}

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
