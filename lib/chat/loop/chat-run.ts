import { ToolCallingLimitError } from '../../errors/tool-calling-limit.error';
import { chatElicitor, chatToolLogSink } from './chat-elicitation';
import type { CallTelemetry } from '../ports/chat-telemetry';
import type { PendingApproval } from '../ports/pending-approval';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ChatClientResponse, StopReason, ToolCallRecord } from '../ports/chat-client-response';
import type { RoundSteering } from '../ports/chat-telemetry';
import type { ChatOptions } from '../model/chat-options';
import type { ChatRequest } from './chat-request';
import { addUsage, type ChatResponse, type Usage } from '../model/chat-response';
import type { AssistantMessage, Message, ToolResponse } from '../model/messages';
import type { Prompt } from '../model/prompt';
import { isThenable } from '../../util/thenable';
import { pauseRun, restoreRun, type RestoredRun } from './pause-and-resume';
import { runsToolCalls } from './tool-execution-eligibility';
import { ToolCallCounter } from './tool-call-counter';
import { toolDefinitionsOf } from './tool-resolution-cache';
import { visibleToolCallbacks } from './tool-visibility';
import type { SelectedTools } from './tool-selection';
import type { RoundResumption, ToolCallEvent, ToolExecutionResult } from './tool-execution-result';
import { RunRoundInput } from './run-round-input';
import { resolveTools, runRound } from './tool-calling-manager';
import { RunAbort, type AbortLike } from './run-abort';
import { RunSteering, type StopDecision } from './run-steering';
import type { ChatRunState } from './chat-run-state';
import type { PreparedRound } from './round-preparation';
import { checkpointHooks, checkpointOf, restoreCheckpoint } from './run-checkpoints';
import type { ToolCallHooks } from './tool-call-hooks';

const NO_TOOL_CALLS: readonly never[] = Object.freeze([]);

/** What a model response means for the loop: run the tools it asks for, or the call is answered. */
export type ResponseOutcome = 'run-tools' | 'answered';

/**
 * What a round of tool calls means for the loop: ask the model again, end with the tools' results, end because
 * calls wait for approval, or end because a stop condition holds.
 */
export type RoundOutcome = 'ask-model' | 'return-direct' | 'paused' | 'stopped';

/**
 * The state of one chat call across its rounds: the conversation, the summed usage, the tool-call counts. The call
 * and stream loops drive it; it decides when the loop ends and enforces `maxRounds`. A round whose calls need
 * approval pauses it: its state goes to the approval store, and `resume()` makes a run that goes on from there.
 */
export class ChatRun {
  private history: readonly Message[];
  private rounds = 0;
  private usage: Usage | undefined;
  private last: ChatResponse | undefined;
  private direct: readonly ToolResponse[] | undefined;
  private pending = false;
  private counter: ToolCallCounter | undefined;
  private records: ToolCallRecord[] | undefined;
  private approvals: readonly PendingApproval[] = NO_TOOL_CALLS;
  private resumption: RoundResumption | undefined;
  private readonly lastRoundOptions: ChatOptions;
  /** Absent unless the request prepares rounds, elides results, has stop conditions or repairs its answer. */
  private readonly steering: RunSteering | undefined;
  private responses: ChatResponse[] | undefined;
  /** The tools the current round's response may run, when its preparation restricted them. */
  private roundTools: ReadonlyMap<string, ToolCallback> | undefined;
  private prepared: RoundSteering | undefined;
  private stopped: StopDecision | undefined;
  /** The request's hooks, and the run store's last for a durable run. */
  private readonly hooks: readonly ToolCallHooks[];
  /** The sequence number of the last checkpoint of a durable run. */
  private seq = 0;
  /** A durable run resumed within a round its checkpoint had not counted yet. */
  private countResumed = false;

  private constructor(
    private readonly request: ChatRequest,
    private readonly tools: ReadonlyMap<string, ToolCallback>,
    private readonly definitions: readonly ToolDefinition[],
    private readonly context: ToolContext,
    private readonly selection: SelectedTools | undefined,
    /** What aborts this call: the request's signal, the execution scope's, or both (see `RunAbort`). */
    readonly signal: AbortLike | undefined,
    private readonly telemetry: CallTelemetry | undefined,
  ) {
    this.history = request.messages;
    const tellModel = request.manager.limits.onLimit === 'tell-model' && definitions.length > 0;
    this.lastRoundOptions = tellModel ? { ...request.options, toolChoice: 'none' } : request.options;
    this.steering = RunSteering.of(request);
    this.hooks =
      request.durable === undefined ? request.hooks : [...request.hooks, checkpointHooks(request.durable)];
    if (this.steering !== undefined && selection === undefined) this.steering.checkTools(tools);
  }

  /**
   * Resolves the request's tools (providers are asked now) and binds the tool context to this call; the call's
   * signal is `signal` joined with the execution scope's (a `RunAbort` follows it, a signal is combined with it). For a request that resumes a paused run, the run goes on
   * from its paused round: `executeTools()` first.
   */
  static start(
    request: ChatRequest,
    signal: AbortLike | undefined,
    telemetry?: CallTelemetry,
  ): ChatRun | Promise<ChatRun> {
    const scope = request.scope();
    const scopeSignal = scope?.signal;
    if (scopeSignal !== undefined) {
      if (signal instanceof RunAbort) signal.follow(scopeSignal);
      else
        signal = signal === undefined ? scopeSignal : AbortSignal.any([signal as AbortSignal, scopeSignal]);
      signal.throwIfAborted();
    }
    // No promise unless a provider, a guard or the selector answers with one: most runs start synchronously.
    const found = resolveTools(request.manager, request);
    const handler = request.elicitationHandler;
    const runId = request.durable?.runId;
    const context = request.context
      .withExecution({
        ...(scope?.request !== undefined && { request: scope.request }),
        conversation: {},
        ...(runId !== undefined && { runId }),
      })
      .withLogSink(chatToolLogSink)
      .withElicitor(handler === undefined ? undefined : chatElicitor(handler));
    const withTools = (resolved: ReadonlyMap<string, ToolCallback>): ChatRun | Promise<ChatRun> => {
      // Tools whose guards deny this caller are neither offered nor run (see ToolCallingManager.visibleToolCallbacks).
      const visible = visibleToolCallbacks(resolved, context);
      return isThenable(visible)
        ? visible.then((tools) => ChatRun.select(request, tools, context, signal, telemetry))
        : ChatRun.select(request, visible, context, signal, telemetry);
    };
    return isThenable(found) ? found.then(withTools) : withTools(found);
  }

  /** Tool search: the selector decides what each round offers and may run (see ToolSelector). */
  private static select(
    request: ChatRequest,
    tools: ReadonlyMap<string, ToolCallback>,
    context: ToolContext,
    signal: AbortLike | undefined,
    telemetry: CallTelemetry | undefined,
  ): ChatRun | Promise<ChatRun> {
    const selector = request.toolSelector;
    if (!selector) return ChatRun.create(request, tools, undefined, context, signal, telemetry);
    return Promise.resolve(
      selector.select(tools, context, request.resumption?.run.history ?? request.messages, request.chatModel),
    ).then((selection) => ChatRun.create(request, tools, selection, context, signal, telemetry));
  }

  private static create(
    request: ChatRequest,
    visible: ReadonlyMap<string, ToolCallback>,
    selection: SelectedTools | undefined,
    context: ToolContext,
    signal: AbortLike | undefined,
    telemetry: CallTelemetry | undefined,
  ): ChatRun {
    const tools = selection ? selection.tools : visible;
    const definitions = selection ? selection.definitions() : toolDefinitionsOf(tools);
    const run = new ChatRun(request, tools, definitions, context, selection, signal, telemetry);
    if (request.resumption) run.restore(restoreRun(request.resumption));
    const from = request.durable?.from;
    run.seq = request.durable?.seq ?? 0;
    if (from !== undefined) {
      run.restore(restoreCheckpoint(from));
      run.seq = from.checkpoint.seq;
      run.countResumed = true;
    }
    return run;
  }

  private restore(restored: RestoredRun | Omit<RestoredRun, 'last' | 'resumption'>): void {
    this.history = restored.history;
    this.rounds = restored.rounds;
    this.usage = restored.usage;
    this.counter = restored.counter;
    this.records = restored.records;
    if ('last' in restored) {
      this.last = restored.last;
      this.resumption = restored.resumption;
    }
  }

  /**
   * A durable run saves its state (`'tools'`: after a model response that asks for tools, `'model'`: after a
   * round of tool calls); nothing for other runs.
   */
  checkpoint(phase: 'model' | 'tools'): Promise<void> | undefined {
    const durable = this.request.durable;
    if (durable === undefined) return undefined;
    const checkpoint = checkpointOf(
      {
        phase,
        history: phase === 'tools' ? [...this.history, this.last!.message] : this.history,
        rounds: this.rounds,
        last: this.last,
        usage: this.usage,
        counter: this.counter,
        records: this.records,
      },
      this.seq,
    );
    this.seq = checkpoint.seq;
    return durable.store.save(durable.runId, checkpoint);
  }

  get round(): number {
    return this.rounds;
  }

  /** The next model request; a promise only when a `prepareRound` hook answers asynchronously. */
  nextPrompt(): Prompt | Promise<Prompt> {
    this.signal?.throwIfAborted();
    this.rounds++;
    const last = this.rounds === this.request.manager.limits.maxRounds;
    const prompt: Prompt = {
      messages: this.history,
      tools: this.selection ? this.selection.definitions() : this.definitions,
      options: last ? this.lastRoundOptions : this.request.options,
    };
    if (this.steering === undefined || !this.steering.preparesRounds) return prompt;
    const prepared = this.steering.prepare(this.state(this.rounds - 1), this.rounds, prompt, this.tools);
    return prepared instanceof Promise
      ? prepared.then((round) => this.usePrepared(round, last))
      : this.usePrepared(prepared, last);
  }

  /** What preparation and elision changed in the current round's request, for telemetry; absent: nothing. */
  get roundSteering(): RoundSteering | undefined {
    return this.prepared;
  }

  private usePrepared(round: PreparedRound, last: boolean): Prompt {
    this.roundTools = round.tools;
    const steering = round.steering;
    this.prepared =
      steering.activeTools === undefined &&
      steering.toolChoice === undefined &&
      steering.messagesSent === undefined &&
      steering.systemReplaced === undefined &&
      steering.optionsChanged === undefined &&
      steering.elidedToolResults === undefined
        ? undefined
        : steering;
    const prompt = round.prompt;
    // The limit's last word (`onLimit: 'tell-model'`) stands over a hook's tool choice.
    return last && this.lastRoundOptions !== this.request.options && prompt.options.toolChoice !== 'none'
      ? { ...prompt, options: { ...prompt.options, toolChoice: 'none' } }
      : prompt;
  }

  /** The run as it stands after `rounds` model requests. */
  private state(rounds: number): ChatRunState {
    return {
      rounds,
      messages: this.history,
      // Copies: the run goes on adding to its own lists, and a hook may keep what it was given.
      responses: this.responses?.slice() ?? NO_TOOL_CALLS,
      toolExecutions: this.records?.slice() ?? NO_TOOL_CALLS,
      usage: this.usage,
      toolContext: this.context,
      context: this.request.adviseContext,
    };
  }

  /**
   * After an answer: when `entity()` may repair it and it does not fit, the repair request is added to the
   * conversation and `true` says to ask the model again.
   */
  async repairAnswer(): Promise<boolean> {
    const steering = this.steering;
    if (steering === undefined || this.pending) return false;
    const history = await steering.repair(this.last!.message.content, this.history);
    if (history === undefined) return false;
    this.history = history;
    return true;
  }

  /** `true` when the run continues a paused round, whose tool calls `executeTools()` runs before any model request. */
  get resumes(): boolean {
    return this.resumption !== undefined;
  }

  /** Records a model response and says whether its tool calls are to be run; enforces `maxRounds`. */
  accept(response: ChatResponse): ResponseOutcome {
    this.usage = addUsage(this.usage, response.usage);
    this.last = response;
    if (this.steering !== undefined) (this.responses ??= []).push(response);
    const message = response.message;
    if (
      message.toolCalls.length === 0 ||
      !runsToolCalls(this.request.internalToolExecution, response, this.rounds, this.request.options)
    ) {
      this.pending = message.toolCalls.length > 0;
      this.history = [...this.history, message]; // not concat(): see ToolRound.run
      return 'answered';
    }
    const maxRounds = this.request.manager.limits.maxRounds;
    if (this.rounds >= maxRounds) {
      throw new ToolCallingLimitError('maxRounds', maxRounds, this.history.concat(message));
    }
    return 'run-tools';
  }

  /**
   * Runs the tool calls of the last response (of the paused round first, for a resumed run) through the manager.
   * The outcome comes at once, with no promise, when the round's calls all answered synchronously; a failure may
   * then be thrown.
   */
  executeTools(onEvent?: (event: ToolCallEvent) => void): RoundOutcome | Promise<RoundOutcome> {
    const message = this.last!.message;
    const resumption = this.resumption;
    this.resumption = undefined;
    const counted = !this.countResumed;
    this.countResumed = false;
    const counter = (this.counter ??= new ToolCallCounter());
    const input = new RunRoundInput(
      this.history,
      message,
      this.roundTools ?? this.tools,
      this.context,
      this.hooks,
      // A round resumed after approval was counted when it was first planned; one resumed from a checkpoint was not.
      resumption && counted ? new ToolCallCounter() : counter,
      this.rounds,
      onEvent,
      this.telemetry,
      resumption,
      this.signal,
    );
    const result = runRound(this.request.manager, input);
    return isThenable(result)
      ? Promise.resolve(result).then((settled) => this.afterRound(settled, message, resumption, counter))
      : this.afterRound(result, message, resumption, counter);
  }

  private afterRound(
    result: ToolExecutionResult,
    message: AssistantMessage,
    resumption: RoundResumption | undefined,
    counter: ToolCallCounter,
  ): RoundOutcome | Promise<RoundOutcome> {
    this.history = result.conversationHistory;
    const records = (this.records ??= []);
    const responses = result.toolResponses;
    for (let i = 0; i < responses.length; i++) {
      if (responses[i] === undefined || resumption?.responses[i]) continue;
      records.push({ round: this.rounds, toolCall: message.toolCalls[i], toolResponse: responses[i] });
    }
    const awaiting = result.awaitingApproval;
    if (awaiting) {
      return pauseRun(
        {
          history: this.history,
          round: this.rounds,
          usage: this.usage,
          finishReason: this.last!.finishReason,
          metadata: this.last!.metadata,
          counter,
          records,
          responses,
          awaiting,
          context: this.request.adviseContext,
          request: this.context.execution?.request,
        },
        this.request.approvals,
      ).then((approvals) => {
        this.approvals = approvals;
        return 'paused' as const;
      });
    }
    if (!result.returnDirect) return this.steering === undefined ? 'ask-model' : this.checkStop();
    this.direct = responses;
    return 'return-direct';
  }

  private checkStop(): RoundOutcome | Promise<RoundOutcome> {
    const decided = this.steering!.shouldStop(this.state(this.rounds));
    return decided instanceof Promise ? decided.then((d) => this.stopIf(d)) : this.stopIf(decided);
  }

  private stopIf(decision: StopDecision | undefined): RoundOutcome {
    if (decision === undefined) return 'ask-model';
    this.stopped = decision;
    if (decision.direct !== undefined) this.direct = decision.direct;
    return 'stopped';
  }

  private stopReason(): StopReason {
    if (this.stopped !== undefined) return this.stopped.reason;
    if (this.direct !== undefined) return 'return-direct';
    if (this.approvals.length > 0) return 'awaiting-approval';
    return this.pending ? 'tool-calls-returned' : 'answered';
  }

  finish(): ChatClientResponse {
    const last = this.last!;
    const direct = this.direct;
    return {
      message: last.message,
      finishReason: last.finishReason,
      usage: this.usage,
      metadata: last.metadata,
      text: direct ? direct.map((response) => response.result).join('\n') : last.message.content,
      history: this.history,
      toolExecutions: this.records ?? NO_TOOL_CALLS,
      rounds: this.rounds,
      stopReason: this.stopReason(),
      ...(direct && { returnDirect: direct }),
      pendingToolCalls: this.pending ? last.message.toolCalls : NO_TOOL_CALLS,
      pendingApprovals: this.approvals,
      context: this.request.adviseContext,
    };
  }
}
