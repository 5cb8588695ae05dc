import { InvalidToolProgressError } from '../errors/invalid-tool-progress.error';
import { MissingToolContextKeyError } from '../errors/missing-tool-context-key.error';
import { LazyAbortController } from './lazy-abort-controller';
import type {
  ToolElicitation,
  ToolElicitationResult,
  ToolElicitor,
  ToolLogLevel,
  ToolLogSink,
} from './tool-elicitation';
import type { ToolProgress, ToolProgressSink, ToolProgressUpdate } from './tool-progress';

/**
 * Identifies one chat call, so that tools on request-scoped providers get one instance per conversation, bound
 * to the HTTP request the call serves. Set by the ChatClient; never shown to the model.
 */
export interface ToolContextExecution {
  /** The HTTP request (Express/Fastify) the chat call was made for, when there is one. */
  readonly request?: unknown;
  /** An object unique to the chat call: its identity keys per-conversation caches. */
  readonly conversation: object;
  /** The id of the durable run this call belongs to (`submit()`), when it is one. */
  readonly runId?: string;
}

/** Where a tool call's progress, questions and log messages go: set by whoever serves the call. */
interface ToolCallChannels {
  readonly progress?: ToolProgressSink;
  readonly elicit?: ToolElicitor;
  readonly log?: ToolLogSink;
}

const NO_CHANNELS: ToolCallChannels = Object.freeze({});

/**
 * Request data handed to tools and never shown to the model: the user, the tenant, the HTTP request, the request's
 * `AbortSignal`. Immutable: `with()` returns a new context.
 */
export class ToolContext<T extends Record<string, unknown> = Record<string, unknown>> {
  private static readonly EMPTY = new ToolContext<any>(new Map());

  private constructor(
    private readonly values: ReadonlyMap<string, unknown>,
    // A controller stands for its signal until the signal is read: creating an AbortSignal costs more than the
    // rest of a tool call's bookkeeping, and most tools never look at it.
    private readonly signalSource?: AbortSignal | AbortController,
    /** The tool this context was handed to, when it was handed to one. */
    readonly toolName?: string,
    /** The execution this context belongs to: the HTTP request and the chat call. */
    readonly execution?: ToolContextExecution,
    /** The id of the model's tool call this context was handed to, when it was handed to one. */
    readonly toolCallId?: string,
    private readonly channels: ToolCallChannels = NO_CHANNELS,
  ) {}

  /** The context without values (shared; it carries no signal). */
  static empty<T extends Record<string, unknown> = Record<string, unknown>>(): ToolContext<T> {
    return ToolContext.EMPTY as ToolContext<T>;
  }

  /** A context with these values, and the signal tools should observe, if any. */
  static of<T extends Record<string, unknown>>(values: T, signal?: AbortSignal): ToolContext<T> {
    return new ToolContext<T>(new Map(Object.entries(values)), signal);
  }

  /** Aborted when the request is cancelled or the tool call times out. */
  get signal(): AbortSignal | undefined {
    const source = this.signalSource;
    return source instanceof AbortController || source instanceof LazyAbortController
      ? source.signal
      : source;
  }

  /** How many values it holds. */
  get size(): number {
    return this.values.size;
  }

  /** Whether it holds no value. */
  get isEmpty(): boolean {
    return this.values.size === 0;
  }

  /** Whether it holds a value for `key`. */
  has(key: keyof T & string): boolean {
    return this.values.has(key);
  }

  /** The value of `key`, or `undefined`. */
  get<K extends keyof T & string>(key: K): T[K] | undefined {
    return this.values.get(key) as T[K] | undefined;
  }

  /** The value of `key`; throws `MissingToolContextKeyError` naming the key and the tool when it is absent. */
  require<K extends keyof T & string>(key: K): NonNullable<T[K]> {
    const value = this.values.get(key);
    if (value === undefined || value === null) throw new MissingToolContextKeyError(key, this.toolName);
    return value as NonNullable<T[K]>;
  }

  /** The keys it holds (their values are not for logs). */
  keys(): string[] {
    return [...this.values.keys()];
  }

  /** A plain-object copy of the values. */
  toObject(): T {
    return Object.fromEntries(this.values) as T;
  }

  /** A new context with more values; the given ones win. */
  with<U extends Record<string, unknown>>(values: U): ToolContext<T & U> {
    const merged = new Map(this.values);
    for (const [key, value] of Object.entries(values)) merged.set(key, value);
    return new ToolContext<T & U>(
      merged,
      this.signalSource,
      this.toolName,
      this.execution,
      this.toolCallId,
      this.channels,
    );
  }

  /** The same values, with the signal that tools should observe. */
  withSignal(signal: AbortSignal | undefined): ToolContext<T> {
    return signal === this.signalSource
      ? this
      : new ToolContext<T>(
          this.values,
          signal,
          this.toolName,
          this.execution,
          this.toolCallId,
          this.channels,
        );
  }

  /**
   * The context one tool call receives: labelled with the tool and call id, observing the call's controller.
   * @internal The loop calls it for each tool call.
   */
  forCall(toolName: string, controller: AbortController, toolCallId?: string): ToolContext<T> {
    return new ToolContext<T>(this.values, controller, toolName, this.execution, toolCallId, this.channels);
  }

  /** @internal The same values, labelled with the tool they are handed to (used in error messages). */
  forTool(toolName: string): ToolContext<T> {
    return toolName === this.toolName
      ? this
      : new ToolContext<T>(
          this.values,
          this.signalSource,
          toolName,
          this.execution,
          this.toolCallId,
          this.channels,
        );
  }

  /**
   * The same values, bound to an HTTP request as a chat call made for it would bind them: what guards and
   * `ToolCallingManager.visibleToolCallbacks()` see as the caller. For asking, outside a chat call, which tools this
   * caller may be offered (`ToolContext.empty().forRequest(request)`).
   */
  forRequest(request: unknown): ToolContext<T> {
    return this.withExecution({ request, conversation: {} });
  }

  /**
   * The same values, bound to one chat call (and the HTTP request it serves, if any).
   * @internal The loop calls it when a chat call starts.
   */
  withExecution(execution: ToolContextExecution): ToolContext<T> {
    return new ToolContext<T>(
      this.values,
      this.signalSource,
      this.toolName,
      execution,
      this.toolCallId,
      this.channels,
    );
  }

  /**
   * Tells the caller how far the tool is: a `tool-progress` event of a streamed chat call (never a message to the
   * model), or what the context's progress sink makes of it (an MCP server: a progress notification). Does nothing
   * when no one listens (`call()`, or a context made outside a chat call). Throws `InvalidToolProgressError` when
   * `progress` or `total` is not a finite number of at least 0, or `message` not a string.
   */
  reportProgress(progress: ToolProgress): void {
    const sink = this.channels.progress;
    if (sink === undefined) return;
    const { progress: done, total, message } = progress;
    if (done !== undefined && !isAmount(done)) throw new InvalidToolProgressError('progress', this.toolName);
    if (total !== undefined && !isAmount(total)) throw new InvalidToolProgressError('total', this.toolName);
    if (message !== undefined && typeof message !== 'string')
      throw new InvalidToolProgressError('message', this.toolName);
    sink({
      ...(done !== undefined && { progress: done }),
      ...(total !== undefined && { total }),
      ...(message !== undefined && { message }),
    });
  }

  /** Whether progress reported through this context goes anywhere. */
  get reportsProgress(): boolean {
    return this.channels.progress !== undefined;
  }

  /**
   * The same context, whose `reportProgress()` (and the preliminary results of a generator tool) go to `sink`: for
   * whatever serves a tool call outside the chat loop (an MCP server sending progress notifications), or
   * `undefined` for nowhere. Calls of the context after the call settled are the sink's to ignore.
   */
  withProgressSink(sink: ToolProgressSink | undefined): ToolContext<T> {
    return sink === this.channels.progress ? this : this.withChannels({ ...this.channels, progress: sink });
  }

  /** @internal A preliminary result of a generator tool, for the progress sink. */
  reportUpdate(update: ToolProgressUpdate): void {
    this.channels.progress?.(update);
  }

  /**
   * Asks the user a question and waits for the answer: an MCP client is sent `elicitation/create`; a chat call
   * hands the question to the app's elicitation handler. Resolves `{ action: 'decline' }` at once when nobody can
   * answer (no handler; an MCP client without elicitation), so a tool never hangs on a question.
   */
  elicit<R extends Record<string, unknown> = Record<string, unknown>>(
    request: ToolElicitation,
  ): Promise<ToolElicitationResult<R>> {
    const elicitor = this.channels.elicit;
    if (elicitor === undefined) return Promise.resolve({ action: 'decline' });
    return elicitor(request, {
      toolName: this.toolName,
      toolCallId: this.toolCallId,
      signal: this.signal,
    }) as Promise<ToolElicitationResult<R>>;
  }

  /** @internal Who `elicit()` asks (the chat loop wraps it to report the question as a stream event). */
  get elicitor(): ToolElicitor | undefined {
    return this.channels.elicit;
  }

  /** Whether `elicit()` reaches someone who can answer. */
  get canElicit(): boolean {
    return this.channels.elicit !== undefined;
  }

  /**
   * The same context, whose `elicit()` goes to `elicitor`: for whatever serves the call (an MCP server, the chat
   * loop with the app's handler), or `undefined` for nobody (every question declined).
   */
  withElicitor(elicitor: ToolElicitor | undefined): ToolContext<T> {
    return elicitor === this.channels.elicit
      ? this
      : this.withChannels({ ...this.channels, elicit: elicitor });
  }

  /**
   * A log message for whoever called the tool and asked for its logs (an MCP client after `logging/setLevel`).
   * Does nothing when no one listens. Never put the context's values in `data`.
   */
  log(level: ToolLogLevel, data: unknown, logger?: string): void {
    this.channels.log?.({ level, data, logger: logger ?? this.toolName });
  }

  /** The same context, whose `log()` goes to `sink`, or nowhere (`undefined`). */
  withLogSink(sink: ToolLogSink | undefined): ToolContext<T> {
    return sink === this.channels.log ? this : this.withChannels({ ...this.channels, log: sink });
  }

  /**
   * A key stable across retries of this one tool call in a durable run (`<runId>:<toolCallId>`), for a tool that
   * makes its writes idempotent; `undefined` outside a durable run.
   */
  get idempotencyKey(): string | undefined {
    const runId = this.execution?.runId;
    return runId === undefined || this.toolCallId === undefined ? undefined : `${runId}:${this.toolCallId}`;
  }

  private withChannels(channels: ToolCallChannels): ToolContext<T> {
    return new ToolContext<T>(
      this.values,
      this.signalSource,
      this.toolName,
      this.execution,
      this.toolCallId,
      channels,
    );
  }

  /** Never reveal the values in logs or serialised errors. */
  toJSON(): string {
    return `ToolContext(${this.values.size} keys)`;
  }

  /** `ToolContext(n keys)`: never the values. */
  toString(): string {
    return this.toJSON();
  }

  /**
   * What `util.inspect` shows — so `console.log(context)`, Nest's `Logger` and loggers that inspect their
   * arguments: the keys and the tool, never the values, the HTTP request or the signal's reason.
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    const tool = this.toolName === undefined ? '' : `, tool ${JSON.stringify(this.toolName)}`;
    return `ToolContext(${this.values.size} keys: [${this.keys()
      .map((key) => JSON.stringify(key))
      .join(', ')}]${tool})`;
  }
}

function isAmount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * The old name of `ToolContextExecution`.
 * @deprecated Renamed `ToolContextExecution` in 0.2; this alias goes in 0.3.
 */
export type ToolExecutionScope = ToolContextExecution;
