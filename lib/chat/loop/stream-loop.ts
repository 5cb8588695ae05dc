import type { CallTelemetry } from '../ports/chat-telemetry';
import { observeChunks } from './observe';
import { ChatResponseAssembler } from '../model/chat-response-assembler';
import type { ChatRequest } from './chat-request';
import { ChatRun, type ResponseOutcome } from './chat-run';
import type { ChatStreamEvent } from './chat-stream-event';
import { finishedEvent } from './finished-responses';
import { LazySignalOptions, RunAbort } from './run-abort';

const DONE: IteratorResult<ChatStreamEvent> = Object.freeze({ value: undefined, done: true });

/**
 * The tool-calling loop of `stream()`: the same rounds as `call()`, with the model's text passed on as it arrives
 * and the tool calls reported as they start and finish. Aborting the request's signal, `stop`, or leaving the
 * iteration early aborts the model stream and the running tools; no further model request is made.
 */
export function streamEvents(
  request: ChatRequest,
  stop?: AbortSignal,
): AsyncIterableIterator<ChatStreamEvent> {
  return new StreamRun(request, stop);
}

/**
 * The iteration of one streamed call, written by hand rather than as an async generator: a generator costs a few
 * promises per event, and a conversation has dozens of events. The loop runs on its own and hands events over; it
 * waits for the consumer where a generator would make a difference that matters: before running a round's tools
 * and before each model request, it waits until the consumer has taken every event and asks for the next. While
 * a model response streams in, its text deltas may be held for a consumer slower than the model (at most one
 * response's worth). Like a generator, it starts on the first `next()`, gives every event before the error that
 * ended the call, and does nothing after `return()`.
 */
class StreamRun implements AsyncIterableIterator<ChatStreamEvent> {
  private readonly abort = new RunAbort();
  private readonly queue: ChatStreamEvent[] = [];
  private head = 0;
  /** The consumer's pending `next()`, when it waits for an event. */
  private pull: ((result: IteratorResult<ChatStreamEvent>) => void) | undefined;
  private pullFailed: ((reason: unknown) => void) | undefined;
  private wakeLoop: (() => void) | undefined;
  private started = false;
  private ended = false;
  /** The consumer left (`return()`). */
  private closed = false;
  private completed = false;
  private cleanedUp = false;
  private failure: { readonly error: unknown } | undefined;
  private telemetry: CallTelemetry | undefined;

  constructor(
    private readonly request: ChatRequest,
    private readonly stop: AbortSignal | undefined,
  ) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<ChatStreamEvent> {
    return this;
  }

  next(): Promise<IteratorResult<ChatStreamEvent>> {
    if (this.head < this.queue.length) {
      const value = this.queue[this.head++];
      if (this.head === this.queue.length) {
        this.queue.length = 0;
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.ended || this.closed) return this.afterEnd();
    const next = new Promise<IteratorResult<ChatStreamEvent>>(this.awaitEvent);
    if (!this.started) {
      this.started = true;
      void this.loop();
    } else this.resumeLoop();
    return next;
  }

  return(): Promise<IteratorResult<ChatStreamEvent>> {
    if (!this.closed) {
      this.closed = true;
      this.queue.length = 0;
      this.head = 0;
      this.failure = undefined;
      if (this.started && !this.ended) this.cleanUp();
      this.pull?.(DONE);
      this.pull = this.pullFailed = undefined;
      this.resumeLoop();
    }
    return Promise.resolve(DONE);
  }

  private afterEnd(): Promise<IteratorResult<ChatStreamEvent>> {
    const failure = this.failure;
    if (failure === undefined) return Promise.resolve(DONE);
    this.failure = undefined;
    return Promise.reject(failure.error);
  }

  // Made once: a new Promise's executor is a closure per call otherwise, and there is a wait per event.
  private readonly awaitEvent = (
    resolve: (result: IteratorResult<ChatStreamEvent>) => void,
    reject: (reason: unknown) => void,
  ): void => {
    this.pull = resolve;
    this.pullFailed = reject;
  };

  private readonly awaitDemand = (resolve: () => void): void => {
    this.wakeLoop = resolve;
  };

  /** The round whose model response streams now. */
  private streaming = 0;
  private readonly pushToolInput = (toolCallId: string, toolName: string, delta: string): void =>
    this.push({ type: 'tool-input-delta', round: this.streaming, toolCallId, toolName, delta });

  private readonly push = (event: ChatStreamEvent): void => {
    if (this.closed) return;
    const pull = this.pull;
    if (pull === undefined) this.queue.push(event);
    else {
      this.pull = this.pullFailed = undefined;
      pull({ value: event, done: false });
    }
  };

  /** Resolves once the consumer has taken every event and asks for the next (at once if it already does). */
  private demand(): Promise<void> | undefined {
    if (this.pull !== undefined || this.closed) return undefined;
    return new Promise<void>(this.awaitDemand);
  }

  private resumeLoop(): void {
    const wake = this.wakeLoop;
    if (wake !== undefined) {
      this.wakeLoop = undefined;
      wake();
    }
  }

  private async loop(): Promise<void> {
    const { request, stop, abort } = this;
    const telemetry = (this.telemetry = request.manager.telemetry?.startCall(
      request.chatModel,
      request.messages,
      request.options,
      true,
    ));
    try {
      request.signal?.throwIfAborted();
      stop?.throwIfAborted();
      abort.follow(request.signal);
      abort.follow(stop);
      const run = await (telemetry === undefined
        ? ChatRun.start(request, abort)
        : telemetry.run(() => ChatRun.start(request, abort, telemetry)));
      // Made only if the model reads it (to hand it to its HTTP client).
      const callOptions = new LazySignalOptions(abort);
      // A resumed run starts with the tool calls of its paused round, as call() does.
      let resuming = run.resumes;
      for (;;) {
        if (this.closed) return;
        if (resuming) resuming = false;
        else if ((await this.modelRound(run, callOptions, telemetry)) === 'answered') {
          this.finishRun(run, telemetry);
          return;
        } else {
          // A durable run checkpoints as call() does: after a response that asks for tools, after their round.
          const saving = this.closed ? undefined : run.checkpoint('tools');
          if (saving !== undefined) await saving;
        }
        if (this.closed) return;
        const asked = this.demand();
        if (asked !== undefined) await asked;
        if (this.closed) return;
        const pending = run.executeTools(this.push);
        const outcome = typeof pending === 'string' ? pending : await pending;
        if (outcome === 'ask-model') {
          const saved = run.checkpoint('model');
          if (saved !== undefined) await saved;
          const asked = this.demand();
          if (asked !== undefined) await asked;
          continue;
        }
        this.finishRun(run, telemetry);
        return;
      }
    } catch (error) {
      // After return(), a failure is the abort's own.
      if (this.closed) return;
      telemetry?.fail(error);
      this.failure = { error };
    } finally {
      this.ended = true;
      if (!this.closed) {
        this.cleanUp();
        const pull = this.pull;
        const pullFailed = this.pullFailed;
        this.pull = this.pullFailed = undefined;
        if (pull !== undefined) {
          const failure = this.failure;
          this.failure = undefined;
          if (failure === undefined) pull(DONE);
          else pullFailed!(failure.error);
        }
      }
    }
  }

  /** One model request, its text passed on as it arrives; says whether the response asks for tools. */
  private async modelRound(
    run: ChatRun,
    callOptions: LazySignalOptions,
    telemetry: CallTelemetry | undefined,
  ): Promise<ResponseOutcome | 'closed'> {
    const { request, abort } = this;
    const next = run.nextPrompt();
    const prompt = next instanceof Promise ? await next : next;
    if (this.closed) return 'closed';
    const round = run.round;
    this.streaming = round;
    const assembler = new ChatResponseAssembler(this.pushToolInput);
    const steering = run.roundSteering;
    const observed =
      steering === undefined
        ? telemetry?.startModelRequest(round, prompt, true)
        : telemetry?.startModelRequest(round, prompt, true, steering);
    const chunks =
      observed === undefined
        ? request.chatModel.stream(prompt, callOptions)
        : observeChunks(observed, () => request.chatModel.stream(prompt, callOptions));
    for await (const chunk of chunks) {
      const text = assembler.add(chunk);
      if (text) this.push({ type: 'text-delta', round, text });
      if (this.closed) return 'closed';
    }
    abort.throwIfAborted();
    const response = assembler.toResponse(round);
    observed?.end(response);
    this.push({
      type: 'round-finished',
      round,
      finishReason: response.finishReason,
      usage: response.usage,
    });
    return run.accept(response);
  }

  /** The call is over: the results of returnDirect tools, the approvals waiting, then `finished`. */
  private finishRun(run: ChatRun, telemetry: CallTelemetry | undefined): void {
    const round = run.round;
    const result = run.finish();
    if (result.returnDirect) this.push({ type: 'text-delta', round, text: result.text });
    if (result.pendingApprovals.length > 0)
      this.push({ type: 'approval-required', round, approvals: result.pendingApprovals });
    this.completed = true;
    telemetry?.end(result);
    this.push(finishedEvent(result));
  }

  /** Once, when the call ends or the consumer leaves: a call left before its end is aborted. */
  private cleanUp(): void {
    if (this.cleanedUp) return;
    this.cleanedUp = true;
    this.abort.dispose();
    if (!this.completed) {
      this.abort.abort();
      // Ignored by the telemetry when the call already failed.
      this.telemetry?.fail(this.abort.reason);
    }
  }
}
