import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import type { InternalToolExecution } from '../loop/tool-execution-eligibility';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import { CallResponseSpec } from './call-response-spec';
import type { ExecutionScope } from '../loop/execution-scope';
import type { ChatClientState } from './chat-client-state';
import type { ChatOptions } from '../model/chat-options';
import type { ChatRequest } from '../loop/chat-request';
import { ChatMessages } from '../../errors/messages/chat.messages';
import { mergeChatOptions } from '../model/merge-chat-options';
import { systemMessage, userMessage, type Message } from '../model/messages';
import { StreamResponseSpec } from './stream-response-spec';
import type { ToolCallHooks } from '../loop/tool-call-hooks';
import { assertToolCallbackSource } from '../loop/tool-callback-sources';
import { toolCallbacksOfObject } from '../../tool/method/tool-object-callbacks';
import type { Advisor } from '../advisors/advisor';
import { callThroughAdvisors } from '../advisors/advisor-chain';
import { resumedEvents } from './resumed-events';
import type { ApprovalDecision } from '../ports/pending-approval';
import { decideApproval } from '../loop/resume-call';
import { StateMessages } from '../../errors/messages/state.messages';
import { CHAT_MEMORY_CONVERSATION_ID } from '../advisors/advise-context';
import { MessageChatMemoryAdvisor } from '../advisors/message-chat-memory.advisor';
import type { PrepareRound } from '../loop/round-preparation';
import { assertPrepareRound } from '../loop/round-preparation-list';
import { assertStopConditions, type StopCondition } from '../loop/stop-conditions';
import { assertToolResultElision, type ToolResultElision } from '../loop/result-elision';
import { assertElicitationHandler, type ToolElicitationHandler } from '../loop/chat-elicitation';
import type { AnswerRepair } from '../loop/answer-repair';
import type { SubmittedRun } from '../ports/run-submitter';
import type { DurableRunBinding } from '../ports/run-checkpoint';
import { DurableRunsNotConfiguredError } from '../../errors/durable-runs-not-configured.error';
import { RunNotSerializableError } from '../../errors/run-not-serializable.error';

const NO_SCOPE = (): undefined => undefined;

type ToolCallbackSource = ToolCallback | ToolCallbackProvider;

/**
 * One request, built fluently from the client's defaults: `chat.prompt().system(…).user(…).tools(…).call()`.
 * Nothing is resolved or sent while it is built: tool providers are asked for their callbacks, and the model is
 * called, when a terminal method of `call()` or `stream()` runs.
 */
export class ChatClientRequestSpec {
  private systemText?: string;
  private userText?: string;
  private readonly conversation: Message[] = [];
  private toolSources?: ToolCallbackSource[];
  private names?: string[];
  // An ES private field: util.inspect (console.log, loggers) never shows it, and it holds the context's values.
  #contextValues?: Record<string, unknown>;
  private requestOptions?: ChatOptions;
  private requestHooks?: ToolCallHooks[];
  private abortSignal?: AbortSignal;
  private scope?: ExecutionScope;
  private internalExecution?: InternalToolExecution;
  private requestAdvisors?: Advisor[];
  private params?: Record<string, unknown>;
  private preparations?: PrepareRound[];
  private conditions?: StopCondition[];
  private elision?: ToolResultElision;
  private elicitation?: ToolElicitationHandler;
  private durableRun?: DurableRunBinding;

  /** @internal Made by `ChatClient.prompt()`. */
  constructor(private readonly state: ChatClientState) {}

  /** Replaces the default system text. */
  system(text: string): this {
    this.systemText = text;
    return this;
  }

  /** The user's message, sent after `.messages()`. A second call replaces the first. */
  user(text: string): this {
    this.userText = text;
    return this;
  }

  /** Earlier messages of the conversation (e.g. from a chat memory), sent after the system text. */
  messages(...messages: (Message | readonly Message[])[]): this {
    for (const item of messages) {
      if (Array.isArray(item)) this.conversation.push(...(item as readonly Message[]));
      else this.conversation.push(item as Message);
    }
    return this;
  }

  /** Objects whose class has `@Tool()` methods, added to the default tools. */
  tools(...toolObjects: object[]): this {
    const sources = (this.toolSources ??= []);
    for (const object of toolObjects) sources.push(...toolCallbacksOfObject(object));
    return this;
  }

  /** Callbacks and providers, added to the default tools. Providers are asked for their callbacks on each call. */
  toolCallbacks(
    ...callbacks: (ToolCallback | ToolCallbackProvider | readonly (ToolCallback | ToolCallbackProvider)[])[]
  ): this {
    const sources = (this.toolSources ??= []);
    for (const item of callbacks) {
      for (const source of Array.isArray(item) ? (item as readonly ToolCallbackSource[]) : [item]) {
        assertToolCallbackSource(source);
        sources.push(source);
      }
    }
    return this;
  }

  /** Names of tools registered with the resolver (e.g. found by the module), added to the default tools. */
  toolNames(...names: string[]): this {
    (this.names ??= []).push(...names);
    return this;
  }

  /** Values for the tools' `ToolContext`, merged over the defaults (these win). Never sent to the model. */
  toolContext(values: Readonly<Record<string, unknown>>): this {
    this.#contextValues = { ...this.#contextValues, ...values };
    return this;
  }

  /** Model options, merged over the defaults. */
  options(options: ChatOptions): this {
    this.requestOptions = mergeChatOptions(this.requestOptions, options);
    return this;
  }

  /** Hooks around this request's tool calls, after the manager's and the client's. */
  hooks(hooks: ToolCallHooks): this {
    (this.requestHooks ??= []).push(hooks);
    return this;
  }

  /** Aborting it stops the call: the model request and the running tools are aborted; no further model request. */
  signal(signal: AbortSignal | undefined): this {
    this.abortSignal = signal;
    return this;
  }

  /** The HTTP request this call serves (tools see it as `context.execution.request`); overrides the client's scope. */
  request(request: unknown): this {
    this.scope = { request };
    return this;
  }

  /**
   * `false`: the call returns the model's tool calls instead of running them (see `pendingToolCalls`); a
   * `ToolExecutionEligibilityPredicate` decides per model response. Overrides the client's setting.
   */
  internalToolExecution(enabled: InternalToolExecution): this {
    this.internalExecution = enabled;
    return this;
  }

  /** Advisors around this request, added to the client's (all ordered by their `order`). */
  advisors(...advisors: (Advisor | readonly Advisor[])[]): this {
    const list = (this.requestAdvisors ??= []);
    for (const item of advisors)
      list.push(...(Array.isArray(item) ? (item as readonly Advisor[]) : [item as Advisor]));
    return this;
  }

  /** Values of the advise context (advisor parameters), merged over the client's. Must be JSON values. */
  advisorParams(values: Readonly<Record<string, unknown>>): this {
    this.params = { ...this.params, ...values };
    return this;
  }

  /** The conversation chat memory keeps this request in (`CHAT_MEMORY_CONVERSATION_ID` of the advise context). */
  conversationId(id: string): this {
    return this.advisorParams({ [CHAT_MEMORY_CONVERSATION_ID]: id });
  }

  /**
   * Called before each model request of this call, after the client's hooks: it may restrict the tools offered,
   * set the tool choice, change the options or the system prompt, or trim the messages sent (see `PrepareRound`).
   */
  prepareRound(hook: PrepareRound): this {
    assertPrepareRound(hook);
    (this.preparations ??= []).push(hook);
    return this;
  }

  /**
   * Ends the call after a round of tool calls when one of these holds, added to the client's (see `StopCondition`,
   * `roundCountIs`, `hasToolCall`). The response's `stopReason` says which kind held.
   */
  stopWhen(...conditions: StopCondition[]): this {
    assertStopConditions(conditions);
    (this.conditions ??= []).push(...conditions);
    return this;
  }

  /** Elides old tool results beyond a budget from the model requests of this call (see `ToolResultElision`). */
  elideToolResults(elision: ToolResultElision): this {
    assertToolResultElision(elision);
    this.elision = elision;
    return this;
  }

  /**
   * Answers the questions this request's tools ask (`ToolContext.elicit()`), instead of the client's handler: see
   * `ToolElicitationHandler`. Without any, every question is declined at once.
   */
  elicitationHandler(handler: ToolElicitationHandler): this {
    this.elicitation = assertElicitationHandler(handler);
    return this;
  }

  /** Runs the request when one of the returned spec's methods is called. */
  call(): CallResponseSpec {
    return new CallResponseSpec((instructions, repair) =>
      callThroughAdvisors(this.toRequest(instructions, false, repair)),
    );
  }

  /**
   * Decides a pending approval with this request's tool context, execution scope and advisors, and goes on with
   * its paused call when it was the last open one of its round (see `ChatClient.resume`).
   */
  resume(approvalId: string, decision: ApprovalDecision): CallResponseSpec {
    if (this.userText !== undefined || this.conversation.length > 0)
      throw new InvalidChatRequestError(StateMessages.resumeWithMessages());
    return new CallResponseSpec(async () => {
      const next = await decideApproval(this.toRequest(undefined, true), approvalId, decision);
      if (!('chatModel' in next)) return next;
      return callThroughAdvisors({ ...next, advisors: this.advisorsOf(next.adviseContext) });
    });
  }

  /**
   * `resume()`, streamed: decides the approval when the returned spec is iterated or subscribed to (once: a second
   * iteration finds it decided), then streams the rest of the paused call, starting with the tool calls of its
   * paused round. While other approvals of the round are still open, the stream is `approval-required` (the open
   * ones) and `finished`.
   */
  resumeStream(approvalId: string, decision: ApprovalDecision): StreamResponseSpec {
    if (this.userText !== undefined || this.conversation.length > 0)
      throw new InvalidChatRequestError(StateMessages.resumeWithMessages());
    return new StreamResponseSpec((stop) =>
      resumedEvents(
        () => decideApproval(this.toRequest(undefined, true), approvalId, decision),
        (next) => ({ ...next, advisors: this.advisorsOf(next.adviseContext) }),
        stop,
      ),
    );
  }

  /**
   * Submits the request as a durable run (`DurableRunsModule`): a job any worker process runs, checkpointed after
   * each model response and each round of tool calls. Answers the run's id at once. The request must be data: tool
   * names (not objects), tool context values, options and advisor parameters; the caller is the HTTP request served.
   */
  async submit(): Promise<SubmittedRun> {
    const submitter = this.state.runs?.submitter;
    if (submitter === undefined) throw new DurableRunsNotConfiguredError();
    const unserializable = this.toolSources
      ? 'tool objects or callbacks'
      : this.abortSignal
        ? 'an abort signal'
        : this.requestHooks
          ? 'tool call hooks'
          : this.requestAdvisors
            ? 'advisors'
            : this.preparations || this.conditions || this.elision
              ? 'round preparation, stop conditions or result elision'
              : undefined;
    if (unserializable !== undefined) throw new RunNotSerializableError(unserializable);
    const request = this.toRequest(undefined);
    return submitter.submit({
      messages: request.messages,
      toolNames: this.names ?? [],
      ...(this.requestOptions && { options: this.requestOptions }),
      ...(this.#contextValues && { toolContext: this.#contextValues }),
      ...(this.params && { advisorParams: this.params }),
      request: request.scope()?.request,
    });
  }

  /** @internal The worker of `lib/runs` runs a submitted request as this durable run. */
  durable(binding: DurableRunBinding): this {
    this.durableRun = binding;
    return this;
  }

  /** Streams the request when the returned spec is iterated or subscribed to. */
  stream(): StreamResponseSpec {
    return StreamResponseSpec.of(() => this.toRequest(undefined));
  }

  /** @internal `true` when the client keeps conversations in chat memory (a frontend's history then yields). */
  get usesChatMemory(): boolean {
    return this.state.memoryAdvisor !== undefined;
  }

  /** The client's and this request's advisors, and the client's memory advisor when the context names a conversation. */
  private advisorsOf(context: Readonly<Record<string, unknown>> | undefined): readonly Advisor[] {
    const state = this.state;
    const advisors = this.requestAdvisors ? state.advisors.concat(this.requestAdvisors) : state.advisors;
    const memory = state.memoryAdvisor;
    if (memory === undefined || context?.[CHAT_MEMORY_CONVERSATION_ID] === undefined) return advisors;
    return advisors.some((advisor) => advisor instanceof MessageChatMemoryAdvisor)
      ? advisors
      : [...advisors, memory];
  }

  private toRequest(
    instructions: string | undefined,
    resuming = false,
    answerRepair?: AnswerRepair,
  ): ChatRequest {
    const state = this.state;
    const conversation = this.conversation;
    const messages: Message[] = [];
    const system = this.systemText ?? (conversation[0]?.role === 'system' ? undefined : state.system);
    if (system) messages.push(systemMessage(system));
    for (const message of conversation) messages.push(message);
    const user = this.userText;
    if (user !== undefined || instructions !== undefined) {
      messages.push(
        userMessage(user === undefined ? instructions! : instructions ? `${user}\n\n${instructions}` : user),
      );
    }
    if (messages.length === 0 && !resuming) throw new InvalidChatRequestError(ChatMessages.emptyPrompt());
    const scope = this.scope;
    const prepareRound = this.preparations
      ? state.prepareRound.concat(this.preparations)
      : state.prepareRound;
    const stopWhen = this.conditions ? state.stopWhen.concat(this.conditions) : state.stopWhen;
    const elideToolResults = this.elision ?? state.elideToolResults;
    return {
      chatModel: state.chatModel,
      manager: state.manager,
      messages,
      toolCallbacks: this.toolSources ? state.toolCallbacks.concat(this.toolSources) : state.toolCallbacks,
      resolutionKey: this.toolSources === undefined ? state.resolutionKey : undefined,
      toolNames: this.names ? state.toolNames.concat(this.names) : state.toolNames,
      context: this.#contextValues ? state.context.with(this.#contextValues) : state.context,
      options: this.requestOptions ? mergeChatOptions(state.options, this.requestOptions) : state.options,
      hooks: this.requestHooks ? state.hooks.concat(this.requestHooks) : state.hooks,
      signal: this.abortSignal,
      scope: scope ? () => scope : (state.executionScope ?? NO_SCOPE),
      internalToolExecution: this.internalExecution ?? state.manager.internalToolExecution,
      advisors: this.params || this.requestAdvisors ? this.advisorsOf(this.params) : state.advisors,
      adviseContext: this.params ? { ...state.advisorParams, ...this.params } : state.advisorParams,
      approvals: state.approvals,
      prepareRound: prepareRound.length > 0 ? prepareRound : undefined,
      stopWhen: stopWhen.length > 0 ? stopWhen : undefined,
      elideToolResults,
      elicitationHandler: this.elicitation ?? state.elicitationHandler,
      answerRepair,
      ...(this.durableRun && { durable: this.durableRun }),
    };
  }
}
